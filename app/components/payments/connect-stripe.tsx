/** What the owner does to turn payments on: the keys in the server's environment, the webhook. */
export function ConnectStripe({
  webhookUrl,
  events,
}: {
  webhookUrl: string;
  events: readonly string[];
}) {
  return (
    <section className="payments-connect" aria-labelledby="connect-title">
      <h2 id="connect-title">Connect Stripe</h2>
      <p>
        Payments are off: booking works as it does now, and nothing below is asked of customers
        until Stripe is connected.
      </p>
      <ol>
        <li>
          In Stripe's dashboard, under Developers, add a webhook endpoint at{" "}
          <code>{webhookUrl}</code> for these events: {events.join(", ")}.
        </li>
        <li>
          Set <code>STRIPE_SECRET_KEY</code> (your secret key, <code>sk_live_...</code>) and{" "}
          <code>STRIPE_WEBHOOK_SECRET</code> (the endpoint's signing secret, <code>whsec_...</code>)
          in the server's environment, then restart it.
        </li>
      </ol>
      <p className="form__note">
        Try it first with your test keys (<code>sk_test_...</code>) and Stripe's test cards.
      </p>
    </section>
  );
}
