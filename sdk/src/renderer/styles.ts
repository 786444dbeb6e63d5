/**
 * Every style of the tour, inside its shadow root: page rules do not reach in and these do not
 * leak out (the host's inline style resets what it could inherit). What the browser's own
 * defaults already give (a div's display, em's italics, a list's markers) is not repeated.
 * `.layer` defines every custom property of the product theme with today's look (docs/theme.md):
 * so none is inherited from the page through the host, and the theme's rule (theme.ts, after this
 * one) overrides them. Written minified, one rule a line with shared declarations merged: the
 * bundle ships this text as is, within the budget of bench/sdk-size.bench.ts. The backdrop and
 * the spotlight (a box over a tooltip's target whose shadow dims the rest) take the theme's
 * backdrop opacity. Keep `.centered` after `.tool_tip .card`: same specificity, the later wins.
 */
export const TOUR_CSS = `
*,::before,::after{box-sizing:border-box}
:focus-visible{outline:2px solid #2563eb;outline-offset:2px}
.layer{--sp-card:#fff;--sp-text:#111827;--sp-p-bg:#2563eb;--sp-p-fg:#fff;--sp-s-bg:#2563eb;--sp-s-fg:#fff;--sp-font:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;--sp-radius:12px;--sp-shadow:0 12px 32px rgba(17,24,39,.25),0 2px 6px rgba(17,24,39,.12);--sp-backdrop:.55;pointer-events:none;font:400 14px/1.5 var(--sp-font);color:var(--sp-text);direction:ltr}
.layer,.backdrop{position:fixed;inset:0}
.backdrop{background:rgba(17, 24, 39, var(--sp-backdrop));pointer-events:auto}
.spot{position:fixed;border-radius:8px;box-shadow:0 0 0 200vmax rgba(17, 24, 39, var(--sp-backdrop))}
.card{position:fixed;pointer-events:auto;background-color:var(--sp-card);color:var(--sp-text);border-radius:var(--sp-radius);box-shadow:var(--sp-shadow);padding:20px 20px 16px;width:max-content;max-width:min(360px,100vw - 24px);outline:none}
.tool_tip .card,.banner .card{top:0;left:0}
.modal .card,.centered .card{top:50%;left:50%;transform:translate(-50%,-50%)}
.modal .card{width:min(440px,100vw - 32px);max-width:none}
.speech_bubble .card{right:24px;bottom:28px;border-radius:calc(var(--sp-radius) * 1.5)}
.left .card{right:auto;left:24px}
.arrow,.speech_bubble .card::after{content:"";position:absolute;display:block;width:12px;height:12px;background:inherit;background-image:none;transform:rotate(45deg)}
.speech_bubble .card::after{right:28px;bottom:-9px;width:18px;height:18px;border-radius:0 0 4px 0}
.left .card::after{right:auto;left:28px}
.banner .card{right:0;width:auto;max-width:none;border-radius:0;display:flex;flex-wrap:wrap;align-items:center;gap:8px 16px;padding:12px 56px 12px 20px}
.banner.bottom .card{top:auto;bottom:0}
.banner .content{flex:1 1 320px;max-height:30vh}
.banner .actions{margin:0}
.banner .close{top:50%;transform:translateY(-50%)}
.close{position:absolute;top:8px;right:8px;display:grid;place-items:center;width:28px;height:28px;padding:0;border:0;border-radius:6px;background:none;color:#6b7280;font:400 20px/1 var(--sp-font);cursor:pointer}
.close:hover{background:rgba(17,24,39,.08);color:var(--sp-text)}
.content{max-height:min(60vh,480px);overflow:auto;padding-right:20px;overflow-wrap:anywhere}
.content>:first-child{margin-top:0}
.content>:last-child{margin-bottom:0}
.content p,.content ul,.content ol,.content blockquote,.content pre,.content h1,.content h2,.content h3,.content h4{margin:0 0 8px}
.content h1,.content h2,.content h3,.content h4{font-weight:600;line-height:1.3}
.content h1{font-size:22px}.content h2{font-size:19px}.content h3{font-size:17px}.content h4{font-size:15px}
.content ul,.content ol{padding-left:22px}
.content li{margin:2px 0}
.content strong,.content b{font-weight:600}
.content a{color:#2563eb}
.content img{max-width:100%;height:auto;border-radius:6px}
.content blockquote{padding-left:12px;border-left:3px solid #d1d5db;color:#4b5563}
.content code,.content pre{font:13px/1.45 ui-monospace,Menlo,Consolas,monospace;background:#f3f4f6;border-radius:4px}
.content code{padding:1px 4px}.content pre{padding:8px 10px;white-space:pre-wrap}
.content pre code{padding:0;background:none}
.actions{display:flex;flex-wrap:wrap;justify-content:flex-end;align-items:center;gap:8px;margin-top:16px}
.progress{margin-right:auto;font-size:12px;opacity:.7}
.button{padding:8px 14px;border:0;border-radius:calc(var(--sp-radius) * 2 / 3);background:var(--sp-p-bg);color:var(--sp-p-fg);font:500 14px/1.2 var(--sp-font);cursor:pointer}
.button.secondary{background:var(--sp-s-bg);color:var(--sp-s-fg)}
.button:hover{filter:brightness(.95)}
@media (prefers-reduced-motion:no-preference){.card{animation:enter .14s ease-out}}
@keyframes enter{from{opacity:0}}
`;
