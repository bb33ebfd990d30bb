#!/usr/bin/env python3
# Adds lock entries for optional platform packages that this npm (11.19) leaves out of
# package-lock.json, which otherwise makes `npm ci` refuse the lock as out of sync.
import json, subprocess, sys
path = sys.argv[1]

def infer(name, version):
    parts = name.split("/")[-1].split("-")[1:]  # rollup-linux-x64-musl -> linux, x64, musl
    info = {"version": version.lstrip("^~=")}
    info["os"] = [parts[0]]
    if len(parts) > 1: info["cpu"] = [parts[1]]
    if parts[0] == "linux" and len(parts) > 2:
        info["libc"] = ["musl"] if parts[2].startswith("musl") else ["glibc"]
    return info
lock = json.load(open(path))
pkgs = lock["packages"]
added = 0
for key, entry in list(pkgs.items()):
    for name, rng in (entry.get("optionalDependencies") or {}).items():
        # resolve as npm would: nested first, then hoisted
        base = key + "/node_modules/" + name if key else "node_modules/" + name
        if base in pkgs or ("node_modules/" + name) in pkgs:
            continue
        out = subprocess.run(["npm", "view", f"{name}@{rng}", "version", "os", "cpu", "libc", "license", "engines", "--json"],
                             capture_output=True, text=True).stdout
        info = json.loads(out) if out.strip() else {}
        if isinstance(info, list):
            info = info[-1]
        if "version" not in info:
            # Not in this registry (it carries only this machine's platforms): describe the
            # package from its name so npm ci knows to skip it here.
            info = infer(name, rng)
        new = {"version": info["version"], "optional": True}
        if entry.get("dev"): new["dev"] = True
        for f in ("license", "cpu", "os", "libc", "engines"):
            if info.get(f): new[f] = info[f]
        pkgs["node_modules/" + name] = new
        added += 1
lock["packages"] = dict(sorted(pkgs.items(), key=lambda kv: (kv[0] != "", kv[0])))
json.dump(lock, open(path, "w"), indent=2)
open(path, "a").write("\n")
print("added", added)
