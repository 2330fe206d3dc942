/**
 * Styles over swagger-ui's own for the reference page at /api/docs: darker method badges, version
 * stamps and links, so their text meets WCAG AA contrast (axe's color-contrast rule) as the rest
 * of Markwise does.
 */
export const referenceThemeCss = `
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1d5c99; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #1b6e47; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #8a4f00; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #17695d; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #a8231c; }
.swagger-ui .opblock.opblock-head .opblock-summary-method { background: #6b2fa0; }
.swagger-ui .info .title small { background: #4a4f57; }
.swagger-ui .info .title small.version-stamp { background: #2f6b1c; }
.swagger-ui .info a, .swagger-ui .info .url { color: #1d5c99; }
.swagger-ui .btn.authorize { border-color: #1b6e47; color: #1b6e47; }
.swagger-ui .btn.authorize span { color: #1b6e47; }
.swagger-ui .btn.authorize svg { fill: #1b6e47; }
.swagger-ui .parameter__in, .swagger-ui .parameter__type { color: #4a4f57; }
`;
