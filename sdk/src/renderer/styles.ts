/**
 * Every style of the tour, inside its shadow root: page rules do not reach in and these do not
 * leak out. Elements get explicit display values so nothing depends on the page's defaults.
 * `.layer` defines every custom property of the product theme with today's look (docs/theme.md):
 * so none is inherited from the page through the host, and the theme's rule (theme.ts, after this
 * one) overrides them.
 */
export const TOUR_CSS = `
:host { all: initial; }
*, *::before, *::after { box-sizing: border-box; }
.layer { --sp-card: #fff; --sp-text: #111827; --sp-p-bg: #2563eb; --sp-p-fg: #fff; --sp-s-bg: #2563eb; --sp-s-fg: #fff; --sp-font: system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; --sp-radius: 12px; --sp-shadow: 0 12px 32px rgba(17, 24, 39, 0.25), 0 2px 6px rgba(17, 24, 39, 0.12); --sp-backdrop: 0.55; }
.layer { position: fixed; inset: 0; display: block; pointer-events: none; font: 400 14px/1.5 var(--sp-font); color: var(--sp-text); text-align: left; direction: ltr; visibility: visible; opacity: 1; }
.backdrop { position: fixed; inset: 0; display: block; background: rgba(17, 24, 39, var(--sp-backdrop)); pointer-events: auto; }
.card { position: fixed; display: block; pointer-events: auto; background-color: var(--sp-card); color: var(--sp-text); border-radius: var(--sp-radius); box-shadow: var(--sp-shadow); padding: 20px 20px 16px; width: max-content; max-width: min(360px, calc(100vw - 24px)); outline: none; }
.modal .card { top: 50%; left: 50%; transform: translate(-50%, -50%); width: min(440px, calc(100vw - 32px)); max-width: none; }
.tool_tip .card { top: 0; left: 0; }
.tool_tip.centered .card { top: 50%; left: 50%; transform: translate(-50%, -50%); }
.speech_bubble .card { right: 24px; bottom: 28px; border-radius: calc(var(--sp-radius) * 1.5); }
.speech_bubble.left .card { right: auto; left: 24px; }
.speech_bubble .card::after { content: ""; position: absolute; right: 28px; bottom: -9px; display: block; width: 18px; height: 18px; background: inherit; background-image: none; transform: rotate(45deg); border-radius: 0 0 4px 0; }
.speech_bubble.left .card::after { right: auto; left: 28px; }
.banner .card { top: 0; left: 0; right: 0; width: auto; max-width: none; border-radius: 0; display: flex; flex-wrap: wrap; align-items: center; gap: 8px 16px; padding: 12px 56px 12px 20px; }
.banner.bottom .card { top: auto; bottom: 0; }
.banner .content { flex: 1 1 320px; max-height: 30vh; }
.banner .actions { margin: 0; }
.banner .close { top: 50%; transform: translateY(-50%); }
.arrow { position: absolute; display: block; width: 12px; height: 12px; background: inherit; background-image: none; transform: rotate(45deg); }
.close { position: absolute; top: 8px; right: 8px; display: inline-flex; align-items: center; justify-content: center; width: 28px; height: 28px; margin: 0; padding: 0; border: 0; border-radius: 6px; background: transparent; color: #6b7280; font: 400 20px/1 system-ui, sans-serif; cursor: pointer; }
.close:hover { background: rgba(17, 24, 39, 0.08); color: #111827; }
.content { display: block; max-height: min(60vh, 480px); overflow: auto; padding-right: 20px; overflow-wrap: anywhere; }
.content > :first-child { margin-top: 0; }
.content > :last-child { margin-bottom: 0; }
.content p, .content ul, .content ol, .content blockquote, .content pre { display: block; margin: 0 0 8px; }
.content h1, .content h2, .content h3, .content h4 { display: block; margin: 0 0 8px; font-weight: 600; line-height: 1.3; color: inherit; }
.content h1 { font-size: 22px; } .content h2 { font-size: 19px; } .content h3 { font-size: 17px; } .content h4 { font-size: 15px; }
.content ul, .content ol { padding-left: 22px; } .content ul { list-style: disc; } .content ol { list-style: decimal; }
.content li { display: list-item; margin: 2px 0; }
.content strong, .content b { font-weight: 600; } .content em, .content i { font-style: italic; }
.content u { text-decoration: underline; } .content s { text-decoration: line-through; }
.content a { color: #2563eb; text-decoration: underline; }
.content img { display: inline-block; max-width: 100%; height: auto; border-radius: 6px; }
.content blockquote { padding-left: 12px; border-left: 3px solid #d1d5db; color: #4b5563; }
.content code, .content pre { font: 13px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: #f3f4f6; border-radius: 4px; }
.content code { padding: 1px 4px; } .content pre { padding: 8px 10px; white-space: pre-wrap; }
.content pre code { padding: 0; background: none; }
.actions { display: flex; flex-wrap: wrap; justify-content: flex-end; gap: 8px; margin-top: 16px; }
.button { display: inline-block; margin: 0; padding: 8px 14px; border: 0; border-radius: calc(var(--sp-radius) * 2 / 3); background: var(--sp-p-bg); color: var(--sp-p-fg); font: 500 14px/1.2 var(--sp-font); cursor: pointer; }
.button.secondary { background: var(--sp-s-bg); color: var(--sp-s-fg); }
.button:hover { filter: brightness(0.95); }
.close:focus-visible, .button:focus-visible, .content a:focus-visible { outline: 2px solid #2563eb; outline-offset: 2px; }
@media (prefers-reduced-motion: no-preference) { .card { animation: enter 140ms ease-out; } }
@keyframes enter { from { opacity: 0; } to { opacity: 1; } }
`;
