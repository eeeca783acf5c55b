package io.modelgraph.local;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.modelgraph.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * openapi.yaml as a contract on responses: the response an operation gave, with its status and content type, is
 * checked against the schema the document declares for that operation, status (exact, then {@code 4XX}-style
 * range, then {@code default}) and media type. OpenAPI 3.1 schemas are JSON Schema 2020-12, so each one is
 * validated by networknt with the whole document around it, which is what its {@code $ref}s point into.
 */
final class ResponseContract {
    private static final String BASE = "https://modelgraph.invalid/openapi.json";

    private final JsonNode document;
    private final JsonSchemaFactory factory = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);
    private final SchemaValidatorsConfig config = SchemaValidatorsConfig.builder()
            .formatAssertionsEnabled(true)
            .build();
    private final Map<JsonNode, JsonSchema> compiled = new ConcurrentHashMap<>();

    ResponseContract(JsonNode document) {
        this.document = document;
    }

    static ResponseContract ofRepository() {
        try {
            return new ResponseContract(new YAMLMapper().readTree(TemplateTest.ROOT.resolve("openapi.yaml").toFile()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * What is wrong with this response of {@code METHOD /path/{template}}: empty when it conforms, else one line
     * per finding (an undocumented operation, status or media type, or each schema violation).
     */
    List<String> check(String routeKey, int status, String contentType, String body) {
        int space = routeKey.indexOf(' ');
        String method = routeKey.substring(0, space).toLowerCase(Locale.ROOT);
        String path = routeKey.substring(space + 1);
        JsonNode operation = document.path("paths").path(path).path(method);
        if (operation.isMissingNode()) {
            return List.of(routeKey + " is not in openapi.yaml");
        }
        JsonNode responses = operation.path("responses");
        Optional<JsonNode> declared = response(responses, status);
        if (declared.isEmpty()) {
            return List.of(routeKey + " answered " + status + ", a status openapi.yaml does not declare for it ("
                    + iterable(responses.fieldNames()) + "): " + abbreviate(body));
        }
        JsonNode response = resolve(declared.get());
        JsonNode content = response.path("content");
        String mediaType = contentType.split(";")[0].trim().toLowerCase(Locale.ROOT);
        if (content.isMissingNode() || content.isEmpty()) {
            return body.isEmpty() ? List.of()
                    : List.of(routeKey + " " + status + " has a body but openapi.yaml declares none: " + abbreviate(body));
        }
        JsonNode media = content.path(mediaType);
        if (media.isMissingNode()) {
            return List.of(routeKey + " " + status + " answered " + mediaType + "; openapi.yaml declares "
                    + iterable(content.fieldNames()));
        }
        JsonNode schemaNode = media.path("schema");
        if (schemaNode.isMissingNode() || !isJson(mediaType)) {
            return List.of(); // a non-JSON body (an SVG badge, a YAML file) has no JSON Schema to meet
        }
        JsonNode value;
        try {
            value = Json.parse(body);
        } catch (IOException e) {
            return List.of(routeKey + " " + status + " declared " + mediaType + " but the body is not JSON: "
                    + abbreviate(body));
        }
        Set<ValidationMessage> messages = compiled.computeIfAbsent(schemaNode, this::compile).validate(value);
        return messages.stream()
                .map(m -> routeKey + " " + status + ": " + m.getInstanceLocation() + " " + m.getMessage()
                        + " [schema " + m.getSchemaLocation() + "] in " + abbreviate(body))
                .sorted()
                .collect(Collectors.toList());
    }

    private static boolean isJson(String mediaType) {
        return mediaType.equals("application/json") || mediaType.endsWith("+json") || mediaType.equals("text/json");
    }

    private static Optional<JsonNode> response(JsonNode responses, int status) {
        String exact = Integer.toString(status);
        if (responses.has(exact)) {
            return Optional.of(responses.get(exact));
        }
        String range = exact.charAt(0) + "XX";
        if (responses.has(range)) {
            return Optional.of(responses.get(range));
        }
        return Optional.ofNullable(responses.get("default"));
    }

    /** A Response Object or a {@code $ref} to one in components. */
    private JsonNode resolve(JsonNode node) {
        JsonNode ref = node.get("$ref");
        return ref == null ? node : resolve(document.at(ref.asText().substring(1)));
    }

    /** The schema under {@code $defs}, in a copy of the whole document, so {@code #/components/...} resolve. */
    private JsonSchema compile(JsonNode schema) {
        ObjectNode root = document.deepCopy();
        root.putObject("$defs").set("target", schema);
        root.put("$ref", "#/$defs/target");
        return factory.getSchema(SchemaLocation.of(BASE), root, config);
    }

    private static String iterable(java.util.Iterator<String> names) {
        List<String> all = new ArrayList<>();
        names.forEachRemaining(all::add);
        return String.join(", ", all);
    }

    private static String abbreviate(String body) {
        return body.length() <= 400 ? body : body.substring(0, 400) + "…";
    }
}
