// The styles of <glass-blur>: every colour and size a --glass-blur-* custom property, every piece a part.
export default `
:host { display: block; position: relative; isolation: isolate; }
:host([hidden]) { display: none; }
.glass { position: absolute; inset: 0; overflow: hidden; border-radius: inherit; pointer-events: none; }
canvas { position: absolute; inset-inline-start: 0; inset-block-start: 0; inline-size: 0; block-size: 0; }
.tint { position: absolute; inset: 0; background: var(--glass-blur-tint, rgb(255 255 255 / 0.12)); }
.glass.css canvas { display: none; }
.content { position: relative; }
`;
