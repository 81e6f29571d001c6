import type { ComponentType } from "react";
import { Link } from "react-router";
import { business, formatAddressLine, type SocialLink } from "~/content/business";
import { FacebookIcon, InstagramIcon, PinterestIcon, TikTokIcon } from "./icons";

const socialIcons: Record<SocialLink["network"], ComponentType<{ size?: number }>> = {
  Instagram: InstagramIcon,
  Facebook: FacebookIcon,
  TikTok: TikTokIcon,
  Pinterest: PinterestIcon,
};

export function SiteFooter() {
  // DECISIONS.md 6: a social network without a configured link is not shown at all.
  const social = business.social.filter((link) => link.url !== "");
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__about">
          <p className="site-footer__name">{business.name}</p>
          <p>{business.description}</p>
        </div>
        <nav aria-label="Footer" className="site-footer__nav">
          <ul>
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/locations">Locations</Link>
            </li>
            <li>
              <Link to="/reviews">Reviews</Link>
            </li>
            <li>
              <Link to="/contact">Contact Us</Link>
            </li>
          </ul>
        </nav>
        <address className="site-footer__contact">
          <span>{formatAddressLine()}</span>
          <a href={`tel:${business.phoneE164}`}>{business.phone}</a>
          <a href={`mailto:${business.email}`}>{business.email}</a>
        </address>
        {social.length > 0 ? (
          <ul className="site-footer__social" aria-label="Social media">
            {social.map((link) => {
              const SocialIcon = socialIcons[link.network];
              return (
                <li key={link.network}>
                  <a
                    href={link.url}
                    className="icon-button"
                    aria-label={`${business.name} on ${link.network}`}
                    rel="noopener noreferrer"
                    target="_blank"
                  >
                    <SocialIcon size={22} />
                  </a>
                </li>
              );
            })}
          </ul>
        ) : null}
      </div>
      <p className="site-footer__copyright">
        &copy; {business.copyrightYear} {business.name}. All rights reserved.
      </p>
    </footer>
  );
}
