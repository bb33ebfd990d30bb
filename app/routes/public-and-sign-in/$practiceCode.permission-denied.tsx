export { default, handle, loader } from "./permission-denied";
