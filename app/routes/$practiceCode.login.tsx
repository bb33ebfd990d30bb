import { LoginPage } from "~/components/auth/LoginPage";
import { loginAction, loginLoader } from "~/domain/auth/login-route.server";

/** Practice-specific sign-in: the same form, with the practice named and its register link. */
export const handle = { title: "Sign in" };
export const loader = loginLoader;
export const action = loginAction;
export default LoginPage;
