import { trackingSnippet } from '../../../lib/sdk-snippet';
import { escapeHtml } from '../../lib/html';

/**
 * The demo shop's pages (docs/builder.md, "Try it on the demo page"): plain HTML of a fake shop
 * with the install snippet of one product, so a tour, "Preview on site" and the element picker
 * can be tried with nothing but this server running.
 */

export type DemoPageName = 'home' | 'pricing';

const PLANS = [
  { id: 'starter', name: 'Starter', price: '$0', blurb: 'One shop, 100 orders a month.' },
  { id: 'growth', name: 'Growth', price: '$29', blurb: 'Unlimited orders and coupons.' },
  { id: 'scale', name: 'Scale', price: '$99', blurb: 'Several shops and priority support.' },
];

const STYLE = `
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#0f172a;background:#f8fafc}
.banner{background:#fef3c7;color:#78350f;padding:8px 16px;font-size:14px;text-align:center}
header,main{max-width:960px;margin:0 auto;padding:16px}
header{display:flex;gap:16px;align-items:center}
header strong{margin-right:auto;font-size:20px}
a{color:#2563eb}
#plans{display:grid;grid-template-columns:repeat(auto-fit,minmax(220px,1fr));gap:16px}
.plan{background:#fff;border:1px solid #e2e8f0;border-radius:8px;padding:16px}
.price{font-size:28px;font-weight:600}
button{font:inherit;border:0;border-radius:6px;padding:8px 14px;cursor:pointer}
.primary{background:#2563eb;color:#fff}
.secondary{background:#e2e8f0;color:#0f172a}
`;

function pricingBody(): string {
  const plans = PLANS.map(
    (p) =>
      `<article class="plan" data-signpost="plan-${p.id}"><h2>${p.name}</h2>` +
      `<p class="price">${p.price}<small>/month</small></p><p>${p.blurb}</p></article>`,
  ).join('');
  return (
    `<h1>Pick the plan that fits your shop</h1>` +
    `<p>Every plan starts with a 14-day free trial. No card needed.</p>` +
    `<section id="plans" data-signpost="plans" aria-label="Plans">${plans}</section>` +
    `<p><button type="button" class="primary" id="start-trial" data-signpost="start-trial">Start free trial</button> ` +
    `<button type="button" class="secondary" id="talk-to-sales" data-signpost="talk-to-sales">Talk to sales</button></p>`
  );
}

function homeBody(pricing: string): string {
  return (
    `<h1>Everything you need to sell online</h1>` +
    `<p>Demo Shop sells nothing: it is a page to try your tours on.</p>` +
    `<p><a href="${pricing}" data-signpost="see-plans">See our plans</a></p>`
  );
}

/**
 * One page of the demo shop. `host` is the Signpost origin the snippet loads the SDK from,
 * `writeKey` the product's (already checked against the key format; escaped here anyway), and
 * `nonce` the one the page's Content-Security-Policy allows for the inline snippet.
 */
export function demoPage(opts: {
  page: DemoPageName;
  host: string;
  writeKey: string;
  nonce: string;
}): string {
  const query = `?key=${encodeURIComponent(opts.writeKey)}`;
  const home = escapeHtml(`/demo${query}`);
  const pricing = escapeHtml(`/demo/pricing${query}`);
  const snippet = trackingSnippet({ host: opts.host, writeKey: opts.writeKey }).replace(
    '<script>',
    `<script nonce="${escapeHtml(opts.nonce)}">`,
  );
  const title = opts.page === 'pricing' ? 'Pricing · Demo Shop' : 'Demo Shop';
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex">` +
    `<title>${title}</title><style>${STYLE}</style>\n${snippet}\n</head><body>` +
    `<p class="banner" data-signpost="demo-banner">This is a demo page served by Signpost to try ` +
    `tours and the element picker. It is not a real shop.</p>` +
    `<header><strong>Demo Shop</strong><a href="${home}">Home</a>` +
    `<a href="${pricing}">Pricing</a></header>` +
    `<main>${opts.page === 'pricing' ? pricingBody() : homeBody(pricing)}</main></body></html>`
  );
}
