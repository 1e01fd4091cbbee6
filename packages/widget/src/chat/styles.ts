/**
 * The chat's stylesheet: light and dark from `prefers-color-scheme` (`.cv-light` / `.cv-dark` force
 * one, for stories), the assistant's colour as accent. Everything is scoped to `.cv-chat`, so the
 * stories can share a page with the console's.
 */
const LIGHT =
  '--bg:#fff;--fg:#111;--muted:#555;--line:#ddd;--bubble:#f1f3f5;--err-bg:#fde8e8;--err-fg:#8a1c1c';
const DARK =
  '--bg:#16181c;--fg:#eee;--muted:#aaa;--line:#333;--bubble:#24272d;--err-bg:#4a1f1f;--err-fg:#ffd7d7';

export const CSS = `
html,body{margin:0;height:100%}
#conversa-chat{height:100%}
.cv-chat{${LIGHT};color-scheme:light;--cv-accent:#2563eb;--cv-on-accent:#fff;height:100%;display:flex;flex-direction:column;max-width:760px;margin:0 auto;background:var(--bg);color:var(--fg);font:15px/1.45 system-ui,sans-serif}
@media (prefers-color-scheme:dark){.cv-chat:not(.cv-light){${DARK};color-scheme:dark}}
.cv-chat.cv-dark{${DARK};color-scheme:dark}
.cv-head{display:flex;align-items:center;gap:10px;padding:12px 16px;border-bottom:1px solid var(--line)}
.cv-head h1{flex:1;margin:0;font-size:16px}
.cv-logo{width:32px;height:32px;border-radius:6px;object-fit:cover}
.cv-close{border:0;background:none;color:inherit;font-size:24px;line-height:1;cursor:pointer;padding:4px 8px}
.cv-messages{flex:1;overflow-y:auto;list-style:none;margin:0;padding:16px;display:flex;flex-direction:column;gap:10px}
.cv-msg{max-width:85%;padding:8px 12px;border-radius:12px;background:var(--bubble);overflow-wrap:anywhere}
.cv-msg p{margin:0 0 6px}.cv-msg p:last-child{margin:0}.cv-msg ul,.cv-msg ol{margin:4px 0;padding-left:20px}
.cv-user{align-self:flex-end;background:var(--cv-accent);color:var(--cv-on-accent);white-space:pre-wrap}
.cv-assistant a{color:inherit}
.cv-sources{font-size:13px;color:var(--muted);margin-top:6px!important}
.cv-handoff{margin-top:8px;padding:8px;border:1px solid var(--line);border-radius:8px}
.cv-link{border:0;background:none;padding:0;color:inherit;text-decoration:underline;cursor:pointer;font:inherit}
.cv-contact{display:grid;gap:8px;margin-top:8px}
.cv-field{display:grid;gap:2px}
.cv-field input,.cv-field textarea{font:inherit;padding:6px;border:1px solid var(--line);border-radius:6px;background:var(--bg);color:inherit}
.cv-contact small,.cv-contact [role=alert]{color:var(--err-fg)}
.cv-consent{display:flex;gap:6px;align-items:flex-start}
.cv-contact button[type=submit]{border:0;border-radius:8px;padding:8px;background:var(--cv-accent);color:var(--cv-on-accent);font:inherit;cursor:pointer}
.cv-dots{color:var(--muted)}
.cv-live{align-self:center;max-width:85%;font-size:13px;color:var(--muted);text-align:center}
.cv-agent{border:1px solid var(--cv-accent);white-space:pre-wrap}
.cv-who{display:block;font-size:12px;font-weight:600;color:var(--muted)}
.cv-person{display:block;margin:6px 0;border:0;border-radius:8px;padding:6px 12px;background:var(--cv-accent);color:var(--cv-on-accent);font:inherit;cursor:pointer}
.cv-forget button{border:0;padding:0;background:none;color:inherit;font:inherit;text-decoration:underline;cursor:pointer}
.cv-typing,.cv-forget{margin:0 16px 4px;font-size:13px;color:var(--muted)}
.cv-note{padding:24px 16px;text-align:center;color:var(--muted)}
.cv-suggested{display:flex;flex-wrap:wrap;gap:8px;padding:0 16px 8px}
.cv-suggested button,.cv-error button{border:1px solid var(--cv-accent);background:none;color:inherit;border-radius:16px;padding:6px 12px;cursor:pointer;font:inherit}
.cv-error{display:flex;gap:8px;align-items:center;margin:0 16px 8px;padding:8px;border-radius:8px;background:var(--err-bg);color:var(--err-fg)}
.cv-form{display:flex;gap:8px;padding:12px 16px;border-top:1px solid var(--line)}
.cv-form textarea{flex:1;resize:none;font:inherit;padding:8px;border:1px solid var(--line);border-radius:8px;background:var(--bg);color:inherit}
.cv-form button{border:0;border-radius:8px;padding:0 16px;background:var(--cv-accent);color:var(--cv-on-accent);font:inherit;cursor:pointer}
.cv-form button:disabled{opacity:.5;cursor:default}
.cv-page{max-width:none}
.cv-page .cv-head{background:var(--cv-accent);color:var(--cv-on-accent);border:0;padding:14px max(16px,calc(50% - 372px))}
.cv-page .cv-head h1{font-size:18px}
.cv-page .cv-logo{width:40px;height:40px;background:#fff}
.cv-main{flex:1;min-height:0;display:flex;flex-direction:column;width:100%;max-width:760px;margin:0 auto;box-sizing:border-box}
.cv-welcome{flex:1;overflow-y:auto;padding:32px 16px 16px;display:flex;flex-direction:column;gap:24px}
.cv-welcome::before,.cv-welcome::after{content:"";flex:1}
.cv-greeting{font-size:20px;line-height:1.4}
.cv-greeting p{margin:0 0 8px}
.cv-page .cv-suggested{display:grid;grid-template-columns:repeat(auto-fit,minmax(200px,1fr));gap:12px;padding:0}
.cv-page .cv-suggested button{text-align:start;border:1px solid var(--line);border-radius:12px;padding:14px 16px;background:var(--bg);box-shadow:0 1px 3px rgb(0 0 0/.08)}
.cv-page .cv-suggested button:hover{border-color:var(--cv-accent)}
.cv-page .cv-suggested button::after{content:" \\2192";content:" \\2192"/"";color:var(--cv-accent)}
.cv-foot{display:flex;flex-wrap:wrap;justify-content:center;gap:4px 16px;padding:8px 16px;font-size:12px;color:var(--muted)}
.cv-foot a{color:inherit}
@media (min-width:900px){.cv-page{background:var(--bg);background:color-mix(in srgb,var(--cv-accent) 7%,var(--bg))}.cv-main{margin:24px auto 0;background:var(--bg);border:1px solid var(--line);border-radius:16px;overflow:hidden;box-shadow:0 4px 24px rgb(0 0 0/.08)}}
.cv-chat :focus-visible{outline:2px solid var(--cv-accent);outline-offset:2px}
.cv-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
`;
