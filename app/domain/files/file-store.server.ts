/**
 * Where uploaded bytes live. Routes and domain code see only this interface: local disk by
 * default (FILES_DIR), and an S3-compatible store can replace it without touching callers.
 * Keys are random and never carry names or patient data.
 */
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";

export interface FileStore {
  /** Stores the bytes under a new random key and returns it. */
  put(bytes: Uint8Array, contentType: string): Promise<string>;
  /** The bytes, or null when the key is unknown. */
  get(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[a-f0-9]{2}\/[a-f0-9]{40}$/;

export function newFileKey(): string {
  const id = randomBytes(20).toString("hex");
  // Two-character fan-out keeps directories small on disk and in S3 listings.
  return `${id.slice(0, 2)}/${id}`;
}

export class LocalDiskFileStore implements FileStore {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private pathFor(key: string): string {
    // Keys come from our own database, but a key that is not ours must never reach the disk.
    if (!KEY_PATTERN.test(key)) throw new Error("Invalid file key");
    return join(this.root, key);
  }

  async put(bytes: Uint8Array, _contentType: string): Promise<string> {
    const key = newFileKey();
    const path = this.pathFor(key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, bytes, { flag: "wx", mode: 0o600 });
    return key;
  }

  async get(key: string): Promise<Uint8Array | null> {
    try {
      return new Uint8Array(await readFile(this.pathFor(key)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathFor(key), { force: true });
  }
}
