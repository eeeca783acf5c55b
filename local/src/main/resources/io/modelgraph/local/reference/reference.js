// The served openapi.yaml rendered by Swagger UI. validatorUrl null: Swagger UI would otherwise send the
// document to validator.swagger.io for its badge, the one call it makes to the internet by default.
window.ui = SwaggerUIBundle({
  url: "/openapi.yaml",
  dom_id: "#reference",
  validatorUrl: null,
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis],
  layout: "BaseLayout"
});
