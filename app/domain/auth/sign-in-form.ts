import * as z from "zod";

/** The sign-in form. Only presence is checked here: a wrong address gets the generic answer. */
export const SignInSchema = z.object({
  email: z.string({ error: "Enter your email address." }).trim().min(1, "Enter your email address.").max(254),
  password: z.string({ error: "Enter your password." }).min(1, "Enter your password.").max(200),
  redirect: z.string().optional(),
});
