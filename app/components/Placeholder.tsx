import { useLoaderData } from "@remix-run/react";

/**
 * A signed-in landing page whose feature is not built yet. It says so plainly, so a
 * user who lands here after sign-in knows the sign-in worked and what comes next.
 */
export function Placeholder() {
  const { heading, name } = useLoaderData<{ heading: string; name: string }>();
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <h1>{heading}</h1>
        <p>You are signed in as {name}.</p>
        <div className="nhsuk-inset-text">
          <span className="nhsuk-u-visually-hidden">Information: </span>
          <p>This part of the service is not available yet. It is being built and will appear here.</p>
        </div>
      </div>
    </div>
  );
}
