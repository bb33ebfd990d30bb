import { STATUS_TAGS, type RequestStatus } from "~/domain/requests/request-status";

export function StatusTag({ status }: { status: RequestStatus }) {
  const tag = STATUS_TAGS[status];
  return <strong className={tag.className}>{tag.text}</strong>;
}
