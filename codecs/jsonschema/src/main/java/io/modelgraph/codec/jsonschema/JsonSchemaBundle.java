package io.modelgraph.codec.jsonschema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.ledger.LossinessLedger;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Several JSON Schema documents read together: {@code schema} as a JSON object of file name (or URI) to document
 * (its text, or the JSON itself). The first document is the main one; every other one is merged into it under
 * {@code $defs} (its definitions as {@code <stem>_<name>}, its root, when it says more than definitions, as
 * {@code <stem>}), and every reference that reaches another document of the request becomes a local one. A
 * reference to a document the request does not carry is left as written: it is never fetched. The rules are in
 * docs/jsonschema-dialects.md ("Several documents").
 */
final class JsonSchemaBundle {
    /** Keywords that make a top-level object a schema, not a bundle. */
    private static final Set<String> SCHEMA_WORDS = Set.of("type", "properties", "items", "allOf", "anyOf", "oneOf",
            "enum", "const", "not", "required", "title", "description", "definitions", "id", "default", "format");
    /** Root keywords that only describe the document: a root holding nothing else is not merged as a schema. */
    private static final Set<String> DOCUMENT_ONLY = Set.of("$schema", "$id", "$defs", "title", "description",
            "$comment");

    private JsonSchemaBundle() {
    }

    /**
     * Whether {@code top} is a bundle: a non-empty object none of whose member names is a keyword, each name a
     * file name or URI (it holds a '.', ':' or '/'), each value a document (an object, a boolean, or text).
     */
    static boolean isBundle(JsonNode top) {
        if (!top.isObject() || top.isEmpty()) {
            return false;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = top.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            String k = e.getKey();
            JsonNode v = e.getValue();
            if (k.startsWith("$") || k.startsWith("x-") || SCHEMA_WORDS.contains(k)
                    || !(k.contains(".") || k.contains(":") || k.contains("/"))) {
                return false;
            }
            if (!(v.isObject() || v.isBoolean() || v.isTextual())) {
                return false;
            }
        }
        return true;
    }

    /** The documents of a bundle, each parsed (text values) with its name in error paths. */
    static Map<String, JsonNode> documents(JsonNode top) throws SchemaSyntaxException {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = top.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode doc = e.getValue();
            if (doc.isTextual()) {
                try {
                    doc = JsonSchemaText.parse(doc.textValue());
                } catch (SchemaSyntaxException x) {
                    throw new SchemaSyntaxException(e.getKey() + ": " + x.path(), x.getMessage());
                }
            }
            if (!doc.isObject() && !doc.isBoolean()) {
                throw new SchemaSyntaxException(e.getKey(), "A JSON Schema document is an object or a boolean.");
            }
            out.put(e.getKey(), doc);
        }
        return out;
    }

    /** One 2020-12 document: the upgraded main document with the others merged into its {@code $defs}. */
    static JsonNode merge(Map<String, JsonNode> documents, LossinessLedger ledger) {
        Map<String, JsonNode> upgraded = DialectUpgrade.upgradeAll(documents, ledger);
        Iterator<Map.Entry<String, JsonNode>> it = upgraded.entrySet().iterator();
        Map.Entry<String, JsonNode> first = it.next();
        if (!first.getValue().isObject()) {
            return first.getValue();
        }
        ObjectNode main = (ObjectNode) first.getValue();
        ObjectNode defs = main.has("$defs") && main.get("$defs").isObject() ? (ObjectNode) main.get("$defs")
                : JsonNodeFactory.instance.objectNode();
        // where each other document's parts go: its base URI to (stem, definition name -> new key)
        Map<String, Placed> placed = new LinkedHashMap<>();
        Map<String, JsonNode> parts = new LinkedHashMap<>();
        Map<String, URI> partBase = new HashMap<>();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> d = it.next();
            String stem = unique(defs, parts, stem(d.getKey()));
            Map<String, String> keys = new HashMap<>();
            JsonNode doc = d.getValue();
            Optional<String> rootKey = Optional.empty();
            if (doc.isObject()) {
                JsonNode own = doc.path("$defs");
                for (Iterator<Map.Entry<String, JsonNode>> f = own.fields(); f.hasNext();) {
                    Map.Entry<String, JsonNode> e = f.next();
                    String key = unique(defs, parts, stem + "_" + e.getKey());
                    keys.put(e.getKey(), key);
                    parts.put(key, e.getValue());
                    partBase.put(key, base(d.getKey(), doc));
                }
                ObjectNode rest = ((ObjectNode) doc).deepCopy();
                rest.remove(DOCUMENT_ONLY);
                if (!rest.isEmpty()) {
                    ObjectNode root = ((ObjectNode) doc).deepCopy();
                    root.remove(java.util.List.of("$schema", "$id", "$defs"));
                    rootKey = Optional.of(stem);
                    parts.put(stem, root);
                    partBase.put(stem, base(d.getKey(), doc));
                }
            } else {
                rootKey = Optional.of(stem);
                parts.put(stem, doc);
                partBase.put(stem, base(d.getKey(), doc));
            }
            Placed p = new Placed(stem, rootKey, keys);
            for (String base : bases(d.getKey(), doc)) {
                placed.putIfAbsent(base, p);
            }
        }
        parts.forEach(defs::set);
        if (!defs.isEmpty()) {
            main.set("$defs", defs);
        }
        URI mainBase = base(first.getKey(), main);
        relink(main, mainBase, placed);
        // every part keeps resolving against the document it came from
        parts.forEach((key, part) -> relink(part, partBase.get(key), placed));
        return main;
    }

    private record Placed(String stem, Optional<String> rootKey, Map<String, String> keys) {
    }

    private static Set<String> bases(String name, JsonNode doc) {
        Set<String> out = new java.util.LinkedHashSet<>();
        out.add(strip(DialectUpgrade.documentBase(name).toString()));
        if (doc.path("$id").isTextual()) {
            resolve(DialectUpgrade.documentBase(name), doc.get("$id").textValue()).ifPresent(u -> out.add(strip(u)));
        }
        return out;
    }

    private static URI base(String name, JsonNode doc) {
        URI base = DialectUpgrade.documentBase(name);
        if (doc.path("$id").isTextual()) {
            return resolve(base, doc.get("$id").textValue()).map(URI::create).orElse(base);
        }
        return base;
    }

    /**
     * Rewrites every reference that reaches another document of the request into a local one; {@code base} is the
     * referring document's base.
     */
    private static void relink(JsonNode node, URI base, Map<String, Placed> placed) {
        if (node.isObject()) {
            JsonNode ref = node.get("$ref");
            if (ref != null && ref.isTextual()) {
                local(ref.textValue(), base, placed).ifPresent(t -> ((ObjectNode) node).put("$ref", t));
            }
            node.forEach(child -> relink(child, base, placed));
        } else if (node.isArray()) {
            node.forEach(child -> relink(child, base, placed));
        }
    }

    private static Optional<String> local(String ref, URI base, Map<String, Placed> placed) {
        int hash = ref.indexOf('#');
        String uriPart = hash < 0 ? ref : ref.substring(0, hash);
        String fragment = hash < 0 ? "" : ref.substring(hash + 1);
        Optional<String> target = uriPart.isEmpty() ? Optional.of(base.toString()) : resolve(base, uriPart);
        if (target.isEmpty()) {
            return Optional.empty();
        }
        Placed p = placed.get(strip(target.get()));
        if (p == null && !uriPart.isEmpty()) {
            // by bare name, as a file of the request is often referred to
            p = placed.get(strip(DialectUpgrade.documentBase(uriPart).toString()));
        }
        if (p == null) {
            return Optional.empty();
        }
        String decoded = Pointers.decodeFragment(fragment);
        if (decoded.isEmpty()) {
            return p.rootKey().map(Pointers::defRef);
        }
        if (!decoded.startsWith("/")) {
            return Optional.of("#" + fragment); // an anchor: merged parts keep their anchors
        }
        String[] tokens = decoded.substring(1).split("/", -1);
        if (tokens.length >= 2 && tokens[0].equals("$defs")) {
            String key = p.keys().get(Pointers.unescape(tokens[1]));
            if (key == null) {
                return Optional.empty();
            }
            return Optional.of(Pointers.defRef(key) + rest(tokens, 2));
        }
        return p.rootKey().map(k -> Pointers.defRef(k) + rest(tokens, 0));
    }

    private static String rest(String[] tokens, int from) {
        StringBuilder out = new StringBuilder();
        for (int i = from; i < tokens.length; i++) {
            out.append('/').append(tokens[i]);
        }
        return out.length() == 0 ? "" : Pointers.encodeFragment(out.toString());
    }

    private static String stem(String name) {
        String s = name;
        int slash = s.lastIndexOf('/');
        if (slash >= 0) {
            s = s.substring(slash + 1);
        }
        int dot = s.indexOf('.');
        if (dot > 0) {
            s = s.substring(0, dot);
        }
        String clean = s.replaceAll("[^A-Za-z0-9_-]", "_");
        return clean.isEmpty() ? "document" : clean;
    }

    private static String unique(ObjectNode defs, Map<String, JsonNode> parts, String wanted) {
        String candidate = wanted;
        int n = 2;
        while (defs.has(candidate) || parts.containsKey(candidate)) {
            candidate = wanted + n++;
        }
        return candidate;
    }

    private static Optional<String> resolve(URI base, String reference) {
        try {
            URI ref = new URI(reference);
            return Optional.of((ref.isAbsolute() ? ref : base.resolve(ref)).toString());
        } catch (URISyntaxException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static String strip(String uri) {
        int hash = uri.indexOf('#');
        return hash < 0 ? uri : uri.substring(0, hash);
    }
}
