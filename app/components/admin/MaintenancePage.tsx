/** The page everyone but system admins gets while maintenance mode is on (503, decision 0076). */
export function MaintenancePage({ message }: { message: string }) {
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <h1>Sorry, the service is unavailable</h1>
        <p>{message}</p>
        <p>You will be able to use the service again soon. If you need medical help now, call your GP surgery or 111.</p>
        <p className="nhsuk-body-s">
          System administrators can still <a href="/login">sign in</a>.
        </p>
      </div>
    </div>
  );
}
