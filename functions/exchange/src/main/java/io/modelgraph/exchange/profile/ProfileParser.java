package io.modelgraph.exchange.profile;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.api.ApiProblem;
import io.modelgraph.graph.NodeType;
import io.modelgraph.http.Body;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** Reads the body of POST importProfile (docs/exchange.md "Adding a profile"), naming the member at fault. */
public final class ProfileParser {
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9._~:\\-]{1,128}");
    private static final Pattern PREFIX = Pattern.compile("[A-Za-z][A-Za-z0-9._\\-]*");
    private static final List<NodeType> CLASS_TARGETS = List.of(NodeType.Type, NodeType.Element, NodeType.Taxonomy);

    /**
     * Parses a profile. A JSON-LD profile starts from the default profile's prefixes (rdf, rdfs, schema, model, ...)
     * so it only declares its own; they are stored with it, so it reads the same if the defaults ever change.
     */
    public static ImportProfile parse(JsonNode node, String path) {
        if (!node.isObject()) {
            throw ApiProblem.badRequest(path, "A profile must be a JSON object.");
        }
        Body body = new Body(node, path);
        String id = body.requiredString("Id");
        if (!ID.matcher(id).matches()) {
            throw ApiProblem.badRequest(body.at("Id"), "Id must be 1 to 128 characters from A-Z a-z 0-9 . _ ~ : -.");
        }
        String label = body.requiredString("label");
        String formatText = body.requiredString("format");
        ProfileFormat format = null;
        for (ProfileFormat f : ProfileFormat.values()) {
            if (f.key().equals(formatText)) {
                format = f;
            }
        }
        if (format == null) {
            throw ApiProblem.badRequest(body.at("format"), "format must be 'jsonld' or 'jsonschema', got '" + formatText
                    + "'.");
        }
        Map<String, String> context = new LinkedHashMap<>();
        Map<String, NodeType> classes = new LinkedHashMap<>();
        if (format == ProfileFormat.JSON_LD) {
            context.putAll(DefaultProfiles.JSON_LD.context());
            for (Map.Entry<String, JsonNode> e : fields(body, "context")) {
                String at = body.at("context") + "." + e.getKey();
                if (!PREFIX.matcher(e.getKey()).matches()) {
                    throw ApiProblem.badRequest(at, "A prefix must start with a letter and hold letters, digits, . _ -.");
                }
                if (!e.getValue().isTextual() || !isAbsoluteIri(e.getValue().asText())) {
                    throw ApiProblem.badRequest(at, "A prefix must map to an absolute IRI string.");
                }
                context.put(e.getKey(), e.getValue().asText());
            }
            for (Map.Entry<String, JsonNode> e : fields(body, "classes")) {
                String at = body.at("classes") + "." + e.getKey();
                checkIri(e.getKey(), context, at);
                NodeType type = e.getValue().isTextual() ? NodeType.parse(e.getValue().asText()).orElse(null) : null;
                if (type == null || !CLASS_TARGETS.contains(type)) {
                    throw ApiProblem.badRequest(at, "A class maps to one of Type, Element, Taxonomy.");
                }
                classes.put(e.getKey(), type);
            }
            if (!classes.containsValue(NodeType.Type)) {
                throw ApiProblem.badRequest(body.at("classes"), "A JSON-LD profile maps at least one class to Type.");
            }
        } else if (body.has("context") || body.has("classes")) {
            throw ApiProblem.badRequest(body.at(body.has("context") ? "context" : "classes"),
                    "Only JSON-LD profiles have a context and classes.");
        }
        Map<String, MappingTarget> properties = new LinkedHashMap<>();
        List<Map.Entry<String, JsonNode>> props = fields(body, "properties");
        if (props.isEmpty()) {
            throw ApiProblem.badRequest(body.at("properties"), "'properties' must map at least one file property.");
        }
        for (Map.Entry<String, JsonNode> e : props) {
            String at = body.at("properties") + "." + e.getKey();
            if (format == ProfileFormat.JSON_LD) {
                checkIri(e.getKey(), context, at);
            }
            String spelling = e.getValue().isTextual() ? e.getValue().asText() : "";
            final ProfileFormat f = format;
            MappingTarget target = MappingTarget.parse(spelling, format).orElseThrow(() -> ApiProblem.badRequest(at,
                    "'" + spelling + "' is not a mapping target; use one of " + String.join(", ",
                            MappingTarget.spellings(f)) + "."));
            properties.put(e.getKey(), target);
        }
        return new ImportProfile(id, label, format, false, context, classes, properties);
    }

    private static List<Map.Entry<String, JsonNode>> fields(Body body, String name) {
        return body.object(name).map(o -> {
            List<Map.Entry<String, JsonNode>> out = new java.util.ArrayList<>();
            o.node().fields().forEachRemaining(out::add);
            return out;
        }).orElse(List.of());
    }

    /** A JSON-LD property or class must be an absolute IRI or a compact IRI whose prefix the context defines. */
    private static void checkIri(String text, Map<String, String> context, String at) {
        int colon = text.indexOf(':');
        if (colon > 0 && context.containsKey(text.substring(0, colon))) {
            return;
        }
        if (!isAbsoluteIri(text)) {
            throw ApiProblem.badRequest(at, "'" + text + "' is neither an absolute IRI nor a compact IRI with a prefix "
                    + "from 'context'.");
        }
    }

    static boolean isAbsoluteIri(String text) {
        // an unknown prefix must not pass for a scheme: absolute means hierarchical (scheme://...) or a URN
        return (text.matches("[A-Za-z][A-Za-z0-9+.\\-]*://.+") || text.matches("(?i)urn:[A-Za-z0-9][A-Za-z0-9-]*:.+"))
                && !text.contains(" ");
    }

    private ProfileParser() {
    }
}
