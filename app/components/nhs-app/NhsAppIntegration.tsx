import { useNavigate, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { nhsApp } from "./nhsapp";
import { nhsAppPageLinks, setNhsAppBackAction } from "./integration";

/**
 * Inside the NHS App, on a hydrated page: the back action follows the page shown as the client
 * navigates, and `data-nhsapp-page` links open the app's pages (./integration.ts). Pages that
 * are not hydrated get the same from the plain nhs-app script.
 */
export function NhsAppIntegration() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => setNhsAppBackAction(nhsApp(), pathname, navigate, window.history), [pathname, navigate]);
  useEffect(() => {
    const onClick = nhsAppPageLinks(() => nhsApp());
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);
  return null;
}
