/**
 * Element-hiding rules (ABP syntax) for the cookie and consent banners of widely used consent-management
 * platforms, by the ids and classes their scripts render, plus the generic names sites give their own banners.
 * Debian's uBlock Origin package ships no cookie-notice list (EasyList Cookie is a separate download), so
 * `ADBLOCK_LISTS=default` adds these; they are generic rules, matched on any site.
 */
export const CONSENT_NOTICE_FILTERS = [
  '! Title: WebHarvest consent notices',
  // OneTrust
  '###onetrust-consent-sdk',
  '###onetrust-banner-sdk',
  // Cookiebot
  '###CybotCookiebotDialog',
  // Usercentrics
  '###usercentrics-root',
  // Didomi
  '###didomi-host',
  // Quantcast Choice
  '###qc-cmp2-container',
  // TrustArc
  '###truste-consent-track',
  // Osano, and the Cookie Consent script it grew from
  '##.osano-cm-window',
  '##.cc-window',
  // CookieYes / Cookie Law Info (WordPress)
  '###cookie-law-info-bar',
  '##.cky-consent-container',
  // Complianz (WordPress)
  '###cmplz-cookiebanner-container',
  // Borlabs Cookie (WordPress)
  '###BorlabsCookieBox',
  // Cookie Notice (WordPress)
  '###cookie-notice',
  // CookieScript
  '###cookiescript_injected',
  // Google's consent messages (Funding Choices)
  '##.fc-consent-root',
  // iubenda
  '###iubenda-cs-banner',
  // Axeptio
  '###axeptio_overlay',
  // tarteaucitron
  '###tarteaucitronRoot',
  // Klaro
  '###klaro',
  // Sites' own banners
  '###cookie-banner',
  '##.cookie-banner',
  '###cookie-consent',
  '##.cookie-consent',
  '###gdpr-banner',
  '##.gdpr-banner',
].join('\n');
