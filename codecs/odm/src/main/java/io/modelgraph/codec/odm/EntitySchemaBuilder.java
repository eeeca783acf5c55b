package io.modelgraph.codec.odm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.codec.jsonschema.JsonSchemaCodec;
import io.modelgraph.ledger.LossinessLedger;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Builds the JSON Schema 2020-12 document of one entity (docs/transform.md): the entity's own object at the root, the
 * supporting schemas under {@code $defs}, {@code x-odm-practice} on every property the Object tables list, the
 * purpose paragraph as the root {@code description}. References are rewritten: {@code #/components/schemas/X}
 * becomes {@code #/$defs/X} (or {@code #} for the entity itself); references to other documents
 * ({@code ../utilities/money.yaml#/Money}) are resolved against the other entities of the same call and their
 * schemas copied in, else written as an open object and reported.
 */
final class EntitySchemaBuilder {
    static final String PRACTICE = "x-odm-practice";
    static final String KIND = "x-odm-kind";
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private final OdmDocument doc;
    private final Map<String, List<OdmDocument>> definers;
    private final LossinessLedger ledger;
    private final String pathPrefix;
    private final String rootKey;
    private final Map<String, String> localAliases = new LinkedHashMap<>();
    private final Map<String, ObjectNode> defs = new LinkedHashMap<>();
    private final Set<String> unresolved = new LinkedHashSet<>();

    /** {@code definers}: for each top-level schema name, the documents of the call that define it (not as alias). */
    EntitySchemaBuilder(OdmDocument doc, Map<String, List<OdmDocument>> definers, LossinessLedger ledger,
            String pathPrefix) {
        this.doc = doc;
        this.definers = definers;
        this.ledger = ledger;
        this.pathPrefix = pathPrefix;
        this.rootKey = chooseRoot(doc);
    }

    /** The YAML entry that is the entity: named like its first Object table or its title, else the first one. */
    static String chooseRoot(OdmDocument doc) {
        List<String> wanted = new ArrayList<>();
        doc.objects().stream().findFirst().ifPresent(o -> wanted.add(normal(o.name())));
        wanted.add(normal(doc.title()));
        for (String w : wanted) {
            for (String key : doc.schemas().keySet()) {
                if (normal(key).equals(w)) {
                    return key;
                }
            }
        }
        if (!doc.schemas().isEmpty() && doc.objects().isEmpty()) {
            return doc.schemas().keySet().iterator().next();
        }
        return pascal(doc.objects().isEmpty() ? doc.title() : doc.objects().get(0).name());
    }

    ObjectNode build() {
        ObjectNode root;
        for (Map.Entry<String, JsonNode> e : doc.schemas().entrySet()) {
            Optional<String> external = aliasTarget(e.getValue());
            if (external.isPresent()) {
                localAliases.put(e.getKey(), external.get());
            } else if (!e.getKey().equals(rootKey)) {
                defs.put(e.getKey(), ((ObjectNode) e.getValue()).deepCopy());
            }
        }
        boolean fromTable = !doc.schemas().containsKey(rootKey);
        root = fromTable ? F.objectNode().put("type", "object") : ((ObjectNode) doc.schemas().get(rootKey)).deepCopy();
        if (fromTable && !doc.schemas().isEmpty()) {
            ledger.approximate(pathPrefix + "#", "no YAML schema is named like the entity '" + doc.title()
                    + "'; its root object is built from the Object table and its properties carry no types");
        } else if (fromTable) {
            ledger.approximate(pathPrefix + "#", "the document has no YAML Schema Definition; properties come from"
                    + " the Object table and carry no types");
        }
        for (Map.Entry<String, ObjectNode> e : new ArrayList<>(defs.entrySet())) {
            rewrite(e.getValue(), doc, false);
        }
        rewrite(root, doc, false);
        for (Map.Entry<String, String> alias : localAliases.entrySet()) {
            String target = nameOf(alias.getValue());
            String ref = importExternal(target, alias.getValue(), "#/$defs/" + alias.getKey());
            if (!alias.getKey().equals(target) && !defs.containsKey(alias.getKey())) {
                defs.put(alias.getKey(), F.objectNode().put("$ref", ref));
            }
        }
        applyTables(root, fromTable);

        ObjectNode out = F.objectNode();
        out.put("$schema", JsonSchemaCodec.DIALECT);
        out.put("title", doc.title());
        doc.purpose().ifPresent(p -> out.put("description", p));
        out.put(KIND, doc.kind());
        root.remove("title");
        JsonNode ownDescription = root.remove("description");
        if (ownDescription != null && doc.purpose().isPresent()
                && !ownDescription.asText().equals(doc.purpose().get())) {
            ledger.drop(pathPrefix + "#/description", "the YAML description of '" + rootKey + "' gives way to the"
                    + " entity purpose paragraph");
        } else if (ownDescription != null) {
            out.set("description", ownDescription);
        }
        out.setAll(root);
        if (!defs.isEmpty()) {
            ObjectNode d = out.putObject("$defs");
            defs.forEach(d::set);
        }
        return out;
    }

    /** Which documents define each top-level name for real (aliases to other documents do not count). */
    static Map<String, List<OdmDocument>> definers(List<OdmDocument> docs) {
        Map<String, List<OdmDocument>> out = new java.util.HashMap<>();
        for (OdmDocument d : docs) {
            d.schemas().forEach((name, schema) -> {
                if (aliasTarget(schema).isEmpty()) {
                    out.computeIfAbsent(name, k -> new ArrayList<>()).add(d);
                }
            });
        }
        return out;
    }

    // ---------------------------------------------------------------- references

    /** A top-level entry that only points at another document: {@code Money: {$ref: ../utilities/money.yaml#/Money}}. */
    private static Optional<String> aliasTarget(JsonNode schema) {
        JsonNode ref = schema.get("$ref");
        if (ref == null || !ref.isTextual() || ref.textValue().startsWith("#")) {
            return Optional.empty();
        }
        for (Iterator<String> it = schema.fieldNames(); it.hasNext();) {
            String k = it.next();
            if (!k.equals("$ref") && !k.equals("description")) {
                return Optional.empty();
            }
        }
        return Optional.of(ref.textValue());
    }

    /** Rewrites references and OpenAPI-isms in place. {@code from} is the document the schema text came from. */
    private void rewrite(JsonNode node, OdmDocument from, boolean propertyMap) {
        if (node.isArray()) {
            for (JsonNode item : node) {
                rewrite(item, from, false);
            }
            return;
        }
        if (!node.isObject()) {
            return;
        }
        ObjectNode o = (ObjectNode) node;
        if (!propertyMap) {
            JsonNode ref = o.get("$ref");
            if (ref != null && ref.isTextual()) {
                o.put("$ref", resolve(ref.textValue(), from));
            }
            openApiIsms(o);
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = o.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            boolean isMap = !propertyMap && (e.getKey().equals("properties") || e.getKey().equals("$defs")
                    || e.getKey().equals("patternProperties"));
            rewrite(e.getValue(), from, isMap);
        }
    }

    /** OpenAPI 3.0 spellings the documents may use: {@code nullable: true} and a single {@code example}. */
    private static void openApiIsms(ObjectNode o) {
        JsonNode nullable = o.get("nullable");
        if (nullable != null && nullable.isBoolean() && o.path("type").isTextual()) {
            o.remove("nullable");
            if (nullable.booleanValue()) {
                o.set("type", F.arrayNode().add(o.get("type").textValue()).add("null"));
            }
        }
        JsonNode example = o.get("example");
        if (example != null && !o.has("examples")) {
            o.remove("example");
            o.set("examples", F.arrayNode().add(example));
        }
    }

    private String resolve(String ref, OdmDocument from) {
        String local = localName(ref);
        if (local != null) {
            if (from == doc) {
                if (local.equals(rootKey)) {
                    return "#";
                }
                if (defs.containsKey(local)) {
                    return "#/$defs/" + local;
                }
                if (localAliases.containsKey(local)) {
                    return importExternal(nameOf(localAliases.get(local)), localAliases.get(local),
                            "#/$defs/" + local);
                }
                return importExternal(local, ref, "#/$defs/" + local);
            }
            return importFrom(local, from, ref);
        }
        if (ref.startsWith("#")) {
            return ref; // some other local pointer; the JSON Schema decoder reports what it cannot resolve
        }
        return importExternal(nameOf(ref), ref, "#/$defs/" + nameOf(ref));
    }

    /** {@code #/components/schemas/X}, {@code #/$defs/X} or {@code #/definitions/X} name X; else null. */
    private static String localName(String ref) {
        for (String prefix : List.of("#/components/schemas/", "#/$defs/", "#/definitions/")) {
            if (ref.startsWith(prefix) && ref.indexOf('/', prefix.length()) < 0) {
                return ref.substring(prefix.length());
            }
        }
        return null;
    }

    /** The schema name a reference to another document ends with: {@code ../utilities/money.yaml#/Money} → Money. */
    private static String nameOf(String ref) {
        int hash = ref.indexOf('#');
        String fragment = hash < 0 ? "" : ref.substring(hash + 1);
        String name = fragment.substring(fragment.lastIndexOf('/') + 1);
        if (name.isEmpty()) {
            String file = hash < 0 ? ref : ref.substring(0, hash);
            file = file.substring(file.lastIndexOf('/') + 1);
            int dot = file.indexOf('.');
            name = pascal(dot < 0 ? file : file.substring(0, dot));
        }
        return name;
    }

    /** A name referenced from this document that it does not define: found among the other entities, or reported. */
    private String importExternal(String name, String ref, String path) {
        if (name.equals(rootKey) && !localAliases.containsKey(name)) {
            return "#";
        }
        if (defs.containsKey(name)) {
            return "#/$defs/" + name;
        }
        for (OdmDocument other : definers.getOrDefault(name, List.of())) {
            JsonNode schema = other.schemas().get(name);
            if (other != doc && schema != null && aliasTarget(schema).isEmpty()) {
                ObjectNode copy = ((ObjectNode) schema).deepCopy();
                defs.put(name, copy);
                rewrite(copy, other, false);
                return "#/$defs/" + name;
            }
        }
        defs.put(name, F.objectNode().put("type", "object"));
        if (unresolved.add(name)) {
            ledger.drop(pathPrefix + path, "reference '" + ref + "' does not resolve against the entities of this"
                    + " call; '" + name + "' is written as an open object");
        }
        return "#/$defs/" + name;
    }

    /** A local reference inside a schema copied from another document: that document's own definition comes too. */
    private String importFrom(String name, OdmDocument from, String ref) {
        if (defs.containsKey(name)) {
            return "#/$defs/" + name;
        }
        if (name.equals(rootKey)) {
            return "#";
        }
        JsonNode schema = from.schemas().get(name);
        if (schema != null && aliasTarget(schema).isEmpty()) {
            ObjectNode copy = ((ObjectNode) schema).deepCopy();
            defs.put(name, copy);
            rewrite(copy, from, false);
            return "#/$defs/" + name;
        }
        String external = schema == null ? ref : aliasTarget(schema).get();
        return importExternal(nameOf(external), external, "#/$defs/" + name);
    }

    // ---------------------------------------------------------------- object tables

    /** Practice levels onto properties; table fields the YAML lacks become untyped properties (reported). */
    private void applyTables(ObjectNode root, boolean fromTable) {
        for (OdmObjectTable table : doc.objects()) {
            String wanted = normal(table.name());
            ObjectNode target;
            String path;
            boolean builtFromTable = fromTable;
            if (wanted.equals(normal(rootKey)) || (table == doc.objects().get(0) && fromTable)) {
                target = root;
                path = "#";
            } else {
                String key = defs.keySet().stream().filter(k -> normal(k).equals(wanted)).findFirst().orElse(null);
                if (key == null) {
                    key = pascal(table.name());
                    defs.put(key, F.objectNode().put("type", "object"));
                    ledger.approximate(pathPrefix + "#/$defs/" + key, "object '" + table.name() + "' has no YAML"
                            + " schema; it is built from its table and its properties carry no types");
                    builtFromTable = true;
                }
                target = defs.get(key);
                path = "#/$defs/" + key;
            }
            boolean tableOnly = builtFromTable && !target.has("properties");
            ObjectNode properties = target.has("properties") && target.get("properties").isObject()
                    ? (ObjectNode) target.get("properties") : target.putObject("properties");
            ArrayNode required = tableOnly ? target.putArray("required") : null;
            for (OdmField f : table.fields()) {
                JsonNode existing = properties.get(f.name());
                ObjectNode property;
                if (existing != null && existing.isObject()) {
                    property = (ObjectNode) existing;
                } else {
                    property = properties.putObject(f.name());
                    if (!tableOnly) {
                        ledger.approximate(pathPrefix + path + "/properties/" + f.name(), "field '" + f.name()
                                + "' is listed in the Object table but has no YAML definition; it carries no type");
                    }
                }
                if (!property.has("description") && !f.description().isEmpty()) {
                    property.put("description", f.description());
                }
                if (!f.practice().isEmpty()) {
                    property.put(PRACTICE, f.practice());
                }
                if (required != null && f.practice().equals("MUST")) {
                    required.add(f.name());
                }
            }
            if (required != null && required.isEmpty()) {
                target.remove("required");
            }
        }
    }

    // ---------------------------------------------------------------- names

    static String normal(String s) {
        return s.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
    }

    static String pascal(String s) {
        StringBuilder out = new StringBuilder();
        boolean upper = true;
        for (char c : s.toCharArray()) {
            if (Character.isLetterOrDigit(c)) {
                out.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            } else {
                upper = true;
            }
        }
        return out.length() == 0 ? "Entity" : out.toString();
    }

    /** {@code Product Type} → {@code product-type}; {@code ProductVariant} → {@code product-variant}. */
    static String kebab(String s) {
        String split = s.replaceAll("([a-z0-9])([A-Z])", "$1-$2");
        String k = split.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
        k = k.replaceAll("^-+|-+$", "");
        return k.isEmpty() ? "entity" : k;
    }
}
