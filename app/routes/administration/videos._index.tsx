import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { staff_or_practice_admin_anywhere } from "~/domain/auth/guards";
import { requireViewer } from "~/web/auth/guards.server";
import { TRAINING_VIDEOS } from "~/domain/help/training-videos";

export const handle = { title: "Training videos" };

/**
 * /videos (spec 3 §2, staff and practice admins): the training videos, each with what it covers,
 * its length and its full transcript. The transcript is on the page (a details element), so it
 * works without JS, without sound and where video hosts are blocked.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context, [staff_or_practice_admin_anywhere]);
  return json({ videos: TRAINING_VIDEOS, product: context.config.productName });
}

export default function Videos() {
  const { videos, product } = useLoaderData<typeof loader>();
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <h1>Training videos</h1>
        <p>
          Short videos for GPs, receptionists and practice administrators on using {product} day to day. Each one has a full
          transcript: open it to read along, or to read it instead of watching.
        </p>
        <ul className="nhsuk-list">
          {videos.map((video) => (
            <li key={video.id}>
              <a href={`#${video.id}`}>{video.title}</a> ({video.duration})
            </li>
          ))}
        </ul>
        {videos.map((video) => (
          <section key={video.id} id={video.id} aria-labelledby={`${video.id}-title`} className="nhsuk-u-margin-bottom-6">
            <h2 id={`${video.id}-title`}>{video.title}</h2>
            <dl className="nhsuk-summary-list">
              <div className="nhsuk-summary-list__row">
                <dt className="nhsuk-summary-list__key">Length</dt>
                <dd className="nhsuk-summary-list__value">{video.duration}</dd>
              </div>
              <div className="nhsuk-summary-list__row">
                <dt className="nhsuk-summary-list__key">For</dt>
                <dd className="nhsuk-summary-list__value">{video.audience}</dd>
              </div>
            </dl>
            <p>{video.description}</p>
            <details className="nhsuk-details">
              <summary className="nhsuk-details__summary">
                <span className="nhsuk-details__summary-text">Transcript: {video.title}</span>
              </summary>
              <div className="nhsuk-details__text">
                {video.transcript.map((paragraph, i) => (
                  <p key={i}>{paragraph}</p>
                ))}
              </div>
            </details>
          </section>
        ))}
      </div>
    </div>
  );
}
