import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { not_loggedin } from "~/domain/auth/guards";
import { getShellSettings } from "~/domain/shell/settings.server";
import type { RootLoaderData } from "~/root";
import { requireGuards } from "~/web/auth/guards.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Taking part in health research", hydrate: false } satisfies PageHandle;

/**
 * /research (spec 1 §2.2, not logged in): what research participation means for a patient of a
 * practice using the product, and where to find studies: the research projects licence link
 * (global settings) when one is set, and the NHS's own services (decision 0103).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireGuards(request, context, [not_loggedin]);
  const { researchProjectsUrl } = await getShellSettings(context.db);
  return json({ researchProjectsUrl });
}

export default function Research() {
  const { researchProjectsUrl } = useLoaderData<typeof loader>();
  const product = useRouteLoaderData<RootLoaderData>("root")?.productName ?? "Frontdoor";
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <h1>Taking part in health research</h1>
        <p className="nhsuk-lede-text">
          Research helps the NHS find better ways to prevent, diagnose and treat illness. Taking part is always your choice.
        </p>
        <h2>How you might be asked</h2>
        <p>
          Your GP practice may invite you to take part in a study that fits your health, for example by a message through {product}. An
          invitation comes from your practice, never from a researcher who has your details.
        </p>
        <h2>What taking part means</h2>
        <ul>
          <li>you are told what the study involves, and what happens to your information, before you agree</li>
          <li>you can say no, or stop at any time, without giving a reason</li>
          <li>saying no never changes the care you get from your practice</li>
          <li>your requests and messages are not shared with researchers unless you agree</li>
        </ul>
        <h2>Find a study</h2>
        {researchProjectsUrl ? (
          <p>
            <a href={researchProjectsUrl}>Research projects using {product}</a> lists the studies open to patients of practices that
            use this service.
          </p>
        ) : null}
        <p>
          <a href="https://bepartofresearch.nihr.ac.uk/">Be Part of Research</a> lists health and care studies across the UK that are
          looking for people to take part.
        </p>
        <h2>If you do not want your information used for research</h2>
        <p>
          You can choose to stop your confidential patient information being used for research and planning with the{" "}
          <a href="https://www.nhs.uk/your-nhs-data-matters/">National Data Opt-out</a>. Read how {product} uses your information in our{" "}
          <a href="/data-privacy">data privacy</a> page.
        </p>
      </div>
    </div>
  );
}
