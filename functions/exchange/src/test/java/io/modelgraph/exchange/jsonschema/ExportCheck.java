package io.modelgraph.exchange.jsonschema;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.ValidationMessage;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What every JSON Schema the service writes is held to in the conformance tests: it passes the 2020-12
 * meta-schema, declares the 2020-12 dialect, and every {@code $ref} and {@code $dynamicRef} in it resolves inside
 * the document, as 2020-12 resolves it: against the base URI of the resource it sits in (the nearest {@code $id}),
 * to a resource of the document, then a JSON pointer or an anchor inside that resource. A reference to a resource
 * the document does not hold is another document's: the import keeps those as written and never fetches them
 * (docs/jsonschema-dialects.md "References to documents not carried"), so they are reported apart, not as
 * problems. Shared with {@code local-conformance} through this module's test-jar.
 */
public final class ExportCheck {
    /** The base of a document without an absolute {@code $id}: any absolute, hierarchical URI of ours. */
    private static final URI DOCUMENT_BASE = URI.create("https://modelgraph.invalid/export/schema.json");
    /** Keywords whose values are data, not schemas: a {@code $ref} inside them is not a reference. */
    private static final Set<String> DATA = Set.of("enum", "const", "default", "examples");
    /** Keywords whose values map names to schemas: the names are not keywords. */
    private static final Set<String> MAPS = Set.of("properties", "patternProperties", "$defs", "definitions",
            "dependentSchemas");

    private ExportCheck() {
    }

    /** What the check found: the problems (empty when the export holds) and the references to other documents. */
    public record Result(List<String> problems, List<String> external) {
    }

    /** The problems found, at most three from the meta-schema; empty when the export holds. */
    public static List<String> problems(JsonNode doc) {
        return check(doc).problems();
    }

    public static Result check(JsonNode doc) {
        List<String> problems = new ArrayList<>();
        Set<ValidationMessage> meta = Validators.metaSchema().validate(doc);
        meta.stream().limit(3).forEach(m -> problems.add("meta-schema: " + m.getMessage()));
        if (!doc.path("$schema").asText().equals(Validators.DIALECT)) {
            problems.add("$schema is not 2020-12");
        }
        Map<String, JsonNode> resources = new HashMap<>();
        Map<String, JsonNode> anchors = new HashMap<>();
        index(doc, DOCUMENT_BASE, resources, anchors);
        List<String> external = new ArrayList<>();
        checkRefs(doc, DOCUMENT_BASE, resources, anchors, problems, external);
        return new Result(List.copyOf(problems), List.copyOf(external));
    }

    private static URI base(JsonNode schema, URI outer) {
        if (schema.isObject() && schema.path("$id").isTextual()) {
            return resolve(outer, schema.get("$id").asText());
        }
        return outer;
    }

    /** Every resource by its URI (no fragment), and every anchor as {@code <resource>#<name>}. */
    private static void index(JsonNode n, URI outer, Map<String, JsonNode> resources, Map<String, JsonNode> anchors) {
        if (n.isObject()) {
            URI here = base(n, outer);
            resources.putIfAbsent(withoutFragment(here), n);
            for (String key : List.of("$anchor", "$dynamicAnchor")) {
                if (n.path(key).isTextual()) {
                    anchors.putIfAbsent(withoutFragment(here) + "#" + n.get(key).asText(), n);
                }
            }
            children(n).forEach(child -> index(child, here, resources, anchors));
        } else if (n.isArray()) {
            n.forEach(child -> index(child, outer, resources, anchors));
        }
    }

    private static void checkRefs(JsonNode n, URI outer, Map<String, JsonNode> resources,
            Map<String, JsonNode> anchors, List<String> problems, List<String> external) {
        if (n.isObject()) {
            URI here = base(n, outer);
            for (String key : List.of("$ref", "$dynamicRef")) {
                if (n.path(key).isTextual()) {
                    String ref = n.get(key).asText();
                    switch (target(here, ref, resources, anchors)) {
                        case FOUND -> { }
                        case OTHER_DOCUMENT -> external.add(key + " " + ref);
                        case MISSING -> problems.add("unresolved " + key + " " + ref);
                    }
                }
            }
            children(n).forEach(child -> checkRefs(child, here, resources, anchors, problems, external));
        } else if (n.isArray()) {
            n.forEach(child -> checkRefs(child, outer, resources, anchors, problems, external));
        }
    }

    /** The values under a schema's keywords that may hold schemas (data keywords left out). */
    private static List<JsonNode> children(JsonNode schema) {
        List<JsonNode> out = new ArrayList<>();
        schema.fields().forEachRemaining(f -> {
            if (MAPS.contains(f.getKey()) && f.getValue().isObject()) {
                f.getValue().forEach(out::add);
            } else if (!DATA.contains(f.getKey())) {
                out.add(f.getValue());
            }
        });
        return out;
    }

    private enum Target { FOUND, OTHER_DOCUMENT, MISSING }

    private static Target target(URI base, String ref, Map<String, JsonNode> resources,
            Map<String, JsonNode> anchors) {
        String resourceUri;
        String fragment;
        if (ref.startsWith("#")) {
            // a fragment-only reference stays in the current resource (no URI parsing: pointers may hold any text)
            resourceUri = withoutFragment(base);
            fragment = ref.substring(1);
        } else {
            try {
                URI absolute = resolve(base, ref);
                resourceUri = withoutFragment(absolute);
                fragment = absolute.getRawFragment() == null ? "" : absolute.getRawFragment();
            } catch (IllegalArgumentException e) {
                return Target.MISSING;
            }
        }
        JsonNode resource = resources.get(resourceUri);
        if (resource == null) {
            return Target.OTHER_DOCUMENT;
        }
        if (fragment.isEmpty()) {
            return Target.FOUND;
        }
        String decoded = URLDecoder.decode(fragment.replace("+", "%2B"), StandardCharsets.UTF_8);
        if (!decoded.startsWith("/")) {
            return anchors.containsKey(resourceUri + "#" + decoded) ? Target.FOUND : Target.MISSING;
        }
        return resource.at(decoded).isMissingNode() ? Target.MISSING : Target.FOUND;
    }

    /** RFC 3986 resolution; against an opaque base ({@code urn:...}) only absolute references resolve. */
    private static URI resolve(URI base, String ref) {
        URI r = URI.create(ref);
        if (r.isAbsolute()) {
            return r;
        }
        if (base.isOpaque()) {
            throw new IllegalArgumentException("a relative reference against " + base);
        }
        return base.resolve(r);
    }

    private static String withoutFragment(URI u) {
        String s = u.toString();
        int hash = s.indexOf('#');
        return hash < 0 ? s : s.substring(0, hash);
    }
}
