/**
 * Imported first by run.ts, before anything that loads React or Express: libraries pick
 * their production builds from process.env.NODE_ENV when they are first loaded (React's
 * development build renders several times slower), so setting it later, or only in the
 * config object, would not run the app as production does.
 */
if (process.env.NODE_ENV && process.env.NODE_ENV !== "production") {
  console.warn(`bench: NODE_ENV was "${process.env.NODE_ENV}"; the benchmark always runs as production.`);
}
process.env.NODE_ENV = "production";

export {};
