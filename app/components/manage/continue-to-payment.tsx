import type { ReactNode } from "react";
import { Form } from "react-router";
import { useLocale } from "~/lib/i18n";
import { m } from "~/paraglide/messages.js";

/**
 * The form of an emailed link's page that goes on to Stripe's Checkout (docs/payments.md): what
 * it says first (`children`), the link's token, and 'Continue to Card Payment'.
 */
export function ContinueToPayment({ token, children }: { token: string; children: ReactNode }) {
  const locale = useLocale();
  return (
    <Form method="post" className="secure-form">
      {children}
      <input type="hidden" name="token" value={token} />
      <p className="button-row">
        <button type="submit" className="button">
          {m.secure_button({}, { locale })}
        </button>
      </p>
    </Form>
  );
}
