import { LoginPage } from "~/components/auth/LoginPage";
import { loginAction, loginLoader } from "~/domain/auth/login-route.server";

export const handle = { title: "Sign in" };
export const loader = loginLoader;
export const action = loginAction;
export default LoginPage;
