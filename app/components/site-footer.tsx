import type { ComponentType } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { langWithin } from "~/domain/i18n/locale-path";
import { pickText } from "~/domain/i18n/localized-text";
import { formatAddressLine, type SocialLink } from "~/domain/salon/salon-details";
import { useLocale, useLocalePath } from "~/lib/i18n";
import { useOptionalSalon } from "~/lib/salon";
import { m } from "~/paraglide/messages.js";
import { FacebookIcon, InstagramIcon, PinterestIcon, TikTokIcon } from "./icons";

const socialIcons: Record<SocialLink["network"], ComponentType<{ size?: number }>> = {
  Instagram: InstagramIcon,
  Facebook: FacebookIcon,
  TikTok: TikTokIcon,
  Pinterest: PinterestIcon,
};

/** The current year, as the root loader read it in the salon's zone (issue 38). */
function useCopyrightYear(): string {
  const root = useRouteLoaderData("root") as { year?: string } | undefined;
  return root?.year ?? String(new Date().getFullYear());
}

export function SiteFooter() {
  const business = useOptionalSalon();
  const year = useCopyrightYear();
  const locale = useLocale();
  const to = useLocalePath();
  if (!business) return <footer className="site-footer" />;
  // The owner's description in the page's language: her Spanish where written, else the English
  // marked so (docs/product.md#languages).
  const description = pickText(locale, business.description, business.descriptionEs);
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__about">
          <p className="site-footer__name">{business.name}</p>
          <p lang={langWithin(description.lang, locale)}>{description.text}</p>
        </div>
        <nav aria-label={m.chrome_footer({}, { locale })} className="site-footer__nav">
          <ul>
            <li>
              <Link to={to("/")}>{m.nav_home({}, { locale })}</Link>
            </li>
            <li>
              <Link to={to("/locations")}>{m.nav_locations({}, { locale })}</Link>
            </li>
            <li>
              <Link to={to("/reviews")}>{m.nav_reviews({}, { locale })}</Link>
            </li>
            <li>
              <Link to={to("/contact")}>{m.nav_contact_us({}, { locale })}</Link>
            </li>
            <li>
              <Link to={to("/policies")}>{m.nav_policies({}, { locale })}</Link>
            </li>
          </ul>
        </nav>
        <address className="site-footer__contact">
          <span>{formatAddressLine(business)}</span>
          <a href={`tel:${business.phoneE164}`}>{business.phone}</a>
          <a href={`mailto:${business.email}`}>{business.email}</a>
        </address>
        <SocialLinks links={business.social} name={business.name} />
      </div>
      <p className="site-footer__copyright">
        {m.footer_rights({ year, name: business.name }, { locale })}
      </p>
    </footer>
  );
}

/**
 * The salon's pages on social networks: only those with a configured link (docs/product.md#business-facts), so
 * no icon ever leads to an account that may be someone else's. None are configured by default.
 */
export function SocialLinks({ links, name }: { links: readonly SocialLink[]; name: string }) {
  const locale = useLocale();
  const configured = links.filter((link) => link.url !== "");
  if (configured.length === 0) return null;
  return (
    <ul className="site-footer__social" aria-label={m.footer_social({}, { locale })}>
      {configured.map((link) => {
        const SocialIcon = socialIcons[link.network];
        return (
          <li key={link.network}>
            <a
              href={link.url}
              className="icon-button"
              aria-label={m.footer_social_link({ name, network: link.network }, { locale })}
              rel="noopener noreferrer"
              target="_blank"
            >
              <SocialIcon size={22} />
            </a>
          </li>
        );
      })}
    </ul>
  );
}
