package io.modelgraph.codec.jsonschema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.ledger.LossinessLedger;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Rewrites a whole JSON Schema document, written in any dialect, into its 2020-12 spelling, before anything else
 * reads it: {@code definitions} to {@code $defs}, draft-04 {@code id} to {@code $id}/{@code $anchor}, tuple
 * {@code items}/{@code additionalItems} to {@code prefixItems}/{@code items}, {@code dependencies} to
 * {@code dependentRequired}/{@code dependentSchemas}, boolean exclusive bounds to numbers, and
 * {@code $recursiveRef}/{@code $recursiveAnchor} to {@code $dynamicRef}/{@code $dynamicAnchor}. Every JSON pointer
 * in a {@code $ref} that walks through a renamed keyword is rewritten to the new spelling, so fragments the model
 * later keeps verbatim still resolve. Where the upgrade can change what the schema accepts, the ledger says so
 * at the original path. The rules are listed in docs/jsonschema-dialects.md.
 *
 * <p>Linear in the document: every schema object is visited once, and each {@code $ref} pointer is walked once
 * over the original tree. A 2020-12 document comes back equal to itself (the upgrade is idempotent).
 */
public final class DialectUpgrade {
    /** The dialects told apart by {@code $schema}. */
    public enum Dialect {
        DRAFT_04, DRAFT_06, DRAFT_07, DRAFT_2019_09, DRAFT_2020_12,
        /** No {@code $schema}: only the upgrades that cannot change meaning are applied (docs). */
        UNDECLARED;

        boolean legacy() {
            return this == DRAFT_04 || this == DRAFT_06 || this == DRAFT_07;
        }
    }

    /** The anchor name {@code $recursiveAnchor: true} becomes. */
    static final String RECURSIVE_ANCHOR = "recursive";

    /** Placeholder base for documents without an identifier: relative references resolve inside it only. */
    private static final URI NO_BASE = URI.create("https://modelgraph.invalid/document.json");

    private static final Set<String> SCHEMA_MAPS = Set.of("properties", "patternProperties", "$defs",
            "dependentSchemas");
    private static final Set<String> SCHEMA_ONE = Set.of("additionalProperties", "not", "if", "then", "else",
            "contains", "propertyNames", "unevaluatedItems", "unevaluatedProperties", "contentSchema");
    private static final Set<String> SCHEMA_LISTS = Set.of("allOf", "anyOf", "oneOf", "prefixItems");

    /**
     * The draft-04..07 keywords that assert or apply subschemas: beside {@code $ref} they are ignored in those
     * dialects, so the upgrade leaves them out (2020-12 would apply them).
     */
    private static final Set<String> LEGACY_ASSERTIONS = Set.of("type", "enum", "const", "multipleOf", "maximum",
            "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength", "minLength", "pattern", "items",
            "additionalItems", "maxItems", "minItems", "uniqueItems", "contains", "maxProperties", "minProperties",
            "required", "properties", "patternProperties", "additionalProperties", "dependencies", "propertyNames",
            "if", "then", "else", "allOf", "anyOf", "oneOf", "not");

    /** Keywords whose values are instance data or names, never schemas. */
    private static final Set<String> DATA = Set.of("enum", "const", "default", "examples", "$vocabulary",
            "dependentRequired", "required");

    private record PendingRef(ObjectNode holder, String keyword, String text, URI base, JsonNode resource,
            JsonNode document) {
    }

    /** Where an original schema object sits: its document's root and its JSON pointer (original spelling). */
    private record Located(JsonNode document, String pointer) {
    }

    /** An identifier below a document's root, in the upgraded output. */
    private record NestedId(ObjectNode holder, JsonNode document, String path, String id) {
    }

    private final LossinessLedger ledger;
    /** Per original object (or map) whose member names changed: old name to new name. */
    private final Map<JsonNode, Map<String, String>> renames = new IdentityHashMap<>();
    /** Resources by absolute URI (no fragment), to the original node a pointer fragment starts from. */
    private final Map<String, JsonNode> resources = new HashMap<>();
    /** Original resource roots that declared {@code $recursiveAnchor: true}. */
    private final Map<JsonNode, Boolean> recursiveRoots = new IdentityHashMap<>();
    private final List<PendingRef> refs = new ArrayList<>();
    /** Every original schema object visited, with its place in its document. */
    private final Map<JsonNode, Located> located = new IdentityHashMap<>();
    /** Plain-name anchors ({@code $anchor}, or a draft-04..07 identifier fragment) per original resource root. */
    private final Map<JsonNode, Map<String, JsonNode>> anchors = new IdentityHashMap<>();
    /**
     * Documents using dynamic references or anchors, or one anchor name in two resources: their resource boundaries
     * matter, so they stay as written.
     */
    private final Map<JsonNode, Boolean> dynamicDocuments = new IdentityHashMap<>();
    /** The plain anchor names of each document, to find one written in two resources. */
    private final Map<JsonNode, java.util.Set<String>> anchorNames = new IdentityHashMap<>();
    private final List<NestedId> nestedIds = new ArrayList<>();
    /** The document being walked, and the length of the prefix of its ledger paths ({@code #} or {@code name#}). */
    private JsonNode currentDocument;
    private int prefixLength;
    /** Whether any schema object of the documents has a {@code format} keyword. */
    private boolean formatSeen;

    private DialectUpgrade(LossinessLedger ledger) {
        this.ledger = ledger;
    }

    /** The dialect a {@code $schema} value names; empty for one this service does not know. */
    public static Optional<Dialect> dialectOf(String uri) {
        String u = uri.trim();
        if (u.endsWith("#")) {
            u = u.substring(0, u.length() - 1);
        }
        u = u.replaceFirst("^https?://", "");
        switch (u) {
            case "json-schema.org/draft-04/schema":
                return Optional.of(Dialect.DRAFT_04);
            case "json-schema.org/draft-06/schema":
                return Optional.of(Dialect.DRAFT_06);
            case "json-schema.org/draft-07/schema":
                return Optional.of(Dialect.DRAFT_07);
            case "json-schema.org/draft/2019-09/schema":
                return Optional.of(Dialect.DRAFT_2019_09);
            case "json-schema.org/draft/2020-12/schema":
                return Optional.of(Dialect.DRAFT_2020_12);
            default:
                return Optional.empty();
        }
    }

    /** The dialect the document's root declares. */
    public static Dialect declared(JsonNode document) {
        JsonNode s = document.path("$schema");
        if (!s.isTextual()) {
            return Dialect.UNDECLARED;
        }
        return dialectOf(s.textValue()).orElse(Dialect.UNDECLARED);
    }

    /** A 2020-12 copy of {@code document}; the input is not changed. */
    public static JsonNode upgrade(JsonNode document, LossinessLedger ledger) {
        return upgradeAll(Map.of("", document), ledger).get("");
    }

    /**
     * 2020-12 copies of several documents read together, by the same names. A reference from one to another
     * (by the other's {@code $id}, or by its name resolved against the referring document's base) follows the
     * renames in the other document too.
     */
    public static Map<String, JsonNode> upgradeAll(Map<String, JsonNode> documents, LossinessLedger ledger) {
        DialectUpgrade u = new DialectUpgrade(ledger);
        Map<String, JsonNode> out = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> d : documents.entrySet()) {
            JsonNode root = d.getValue();
            if (!root.isObject()) {
                out.put(d.getKey(), root);
                continue;
            }
            String prefix = documents.size() == 1 ? "#" : d.getKey() + "#";
            String schema = root.path("$schema").isTextual() ? root.get("$schema").textValue() : null;
            if (schema != null && dialectOf(schema).isEmpty()) {
                ledger.approximate(prefix + "/$schema", "dialect '" + schema + "' is not known; it is read as 2020-12");
            }
            URI base = documentBase(d.getKey());
            u.resources.putIfAbsent(withoutFragment(base), root);
            u.currentDocument = root;
            u.prefixLength = prefix.length();
            out.put(d.getKey(), u.schema(root, prefix, declared(root), base, root, true));
        }
        u.rewriteRefs();
        Optional<Map.Entry<String, JsonNode>> main = documents.entrySet().stream()
                .filter(e -> e.getValue().isObject()).findFirst();
        if (u.formatSeen && main.isPresent() && assertsFormat(main.get().getValue(), documents.values())) {
            // 2020-12 makes format an annotation unless a vocabulary says otherwise; the source's dialect
            // asserted it, so the upgraded document says so in the service's own keyword
            ((ObjectNode) out.get(main.get().getKey())).put(JsonSchemaAnnotations.FORMAT_ASSERTION_KEYWORD, true);
        }
        return out;
    }

    /**
     * Whether {@code format} asserts when {@code root} is evaluated: draft-04, -06 and -07 leave it to the
     * implementation, and the service asserts it there (as networknt and ajv do); 2019-09 and 2020-12 make it an
     * annotation unless the meta-schema's {@code $vocabulary} requires the format(-assertion) vocabulary. The
     * meta-schema is a document of the request whose {@code $id} the root's {@code $schema} names, or the root
     * itself when it declares {@code $vocabulary} (a meta-schema evaluated by itself); remote meta-schemas are
     * never fetched. A document that already carries the service's keyword keeps it.
     */
    static boolean assertsFormat(JsonNode root, java.util.Collection<JsonNode> documents) {
        if (root.path(JsonSchemaAnnotations.FORMAT_ASSERTION_KEYWORD).isBoolean()) {
            return false; // already said, either way
        }
        Dialect d = declared(root);
        if (d.legacy()) {
            return true;
        }
        if (d == Dialect.UNDECLARED && root.path("$schema").isTextual()) {
            // a custom meta-schema: its vocabulary decides, when the request carries it
            String wanted = stripHash(root.get("$schema").textValue());
            for (JsonNode doc : documents) {
                if (doc.path("$id").isTextual() && stripHash(doc.get("$id").textValue()).equals(wanted)) {
                    return vocabularyAsserts(doc.path("$vocabulary"));
                }
            }
            return false;
        }
        return vocabularyAsserts(root.path("$vocabulary"));
    }

    private static boolean vocabularyAsserts(JsonNode vocabulary) {
        // 2020-12: listing format-assertion (true or false) means an implementation that knows it applies it;
        // 2019-09: the format vocabulary set to true requires assertion
        return vocabulary.has("https://json-schema.org/draft/2020-12/vocab/format-assertion")
                || vocabulary.path("https://json-schema.org/draft/2019-09/vocab/format").asBoolean(false);
    }

    private static String stripHash(String uri) {
        return uri.endsWith("#") ? uri.substring(0, uri.length() - 1) : uri;
    }

    /** Where a document named {@code name} (a file name or URI; empty for the only one) sits before its $id. */
    static URI documentBase(String name) {
        if (name.isEmpty()) {
            return NO_BASE;
        }
        return resolve(NO_BASE, name).orElse(NO_BASE);
    }

    // ---------------------------------------------------------------- the walk

    private JsonNode schema(JsonNode node, String path, Dialect inherited, URI inheritedBase, JsonNode resource,
            boolean isRoot) {
        if (!(node instanceof ObjectNode o)) {
            return node;
        }
        Dialect d = inherited;
        if (o.path("$schema").isTextual()) {
            d = dialectOf(o.get("$schema").textValue()).orElse(inherited);
        }
        URI base = inheritedBase;
        String idKey = d == Dialect.DRAFT_04 ? "id" : "$id";
        Optional<String> anchor = Optional.empty();
        Optional<String> id = Optional.empty();
        // before 2019-09 an identifier beside $ref is ignored with every other sibling
        boolean idApplies = !(d.legacy() && o.has("$ref"));
        if (o.path(idKey).isTextual() && idApplies) {
            String raw = o.get(idKey).textValue();
            int hash = raw.indexOf('#');
            String uriPart = hash < 0 ? raw : raw.substring(0, hash);
            String fragment = hash < 0 ? "" : raw.substring(hash + 1);
            if (!fragment.isEmpty()) {
                anchor = Optional.of(fragment);
            }
            if (!uriPart.isEmpty()) {
                Optional<URI> resolved = resolve(base, uriPart);
                if (resolved.isPresent()) {
                    base = resolved.get();
                    resource = o;
                    resources.putIfAbsent(withoutFragment(base), o);
                    id = Optional.of(uriPart);
                }
            }
        }
        if (isRoot) {
            resources.putIfAbsent(withoutFragment(base), o);
        }
        located.put(o, new Located(currentDocument, path.substring(prefixLength)));
        String plainAnchor = anchor.orElse(o.path("$anchor").isTextual() && !d.legacy()
                ? o.get("$anchor").textValue() : null);
        if (plainAnchor != null && isAnchorName(plainAnchor)) {
            anchors.computeIfAbsent(resource, k -> new HashMap<>()).putIfAbsent(plainAnchor, o);
            // one anchor name twice in a document lives in two resources: their boundaries keep it apart
            if (!anchorNames.computeIfAbsent(currentDocument, k -> new java.util.HashSet<>()).add(plainAnchor)) {
                dynamicDocuments.put(currentDocument, true);
            }
        }
        for (String dynamic : List.of("$dynamicRef", "$dynamicAnchor", "$recursiveRef", "$recursiveAnchor")) {
            if (o.has(dynamic)) {
                dynamicDocuments.put(currentDocument, true);
            }
        }
        if (resource == o && o.path("$recursiveAnchor").asBoolean(false)) {
            recursiveRoots.put(o, true);
        }
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        Map<String, String> renamed = new LinkedHashMap<>();
        boolean tuple = o.path("items").isArray();
        boolean refHidesSiblings = d.legacy() && o.path("$ref").isTextual();
        for (Iterator<Map.Entry<String, JsonNode>> it = o.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> f = it.next();
            String k = f.getKey();
            JsonNode v = f.getValue();
            String at = Pointers.child(path, k);
            if (refHidesSiblings && LEGACY_ASSERTIONS.contains(k)) {
                continue; // ignored beside $ref in this dialect (ledgered once, at the $ref)
            }
            if (k.equals("format") && v.isTextual()) {
                formatSeen = true;
            }
            if (k.equals("$schema")) {
                if (isRoot || id.isPresent()) {
                    out.put("$schema", Keywords.DIALECT);
                }
            } else if (k.equals(idKey) && v.isTextual()) {
                if (!idApplies) {
                    ledger.drop(at, "an identifier beside '$ref' is ignored by " + name(d) + "; it is not carried");
                    continue;
                }
                id.ifPresent(x -> out.put("$id", x));
                if (id.isPresent() && !isRoot) {
                    nestedIds.add(new NestedId(out, currentDocument, at, id.get()));
                }
                anchor.ifPresent(a -> {
                    if (isAnchorName(a)) {
                        out.put("$anchor", a);
                    } else {
                        ledger.drop(at, "fragment '#" + a + "' of the identifier is not a plain name; not carried");
                    }
                });
                if (!k.equals("$id")) {
                    renamed.put(k, "$id");
                }
            } else if (k.equals("definitions") || k.equals("$defs")) {
                mergeMap(out, "$defs", o, k, v, at, d, base, resource, renamed);
            } else if (k.equals("dependencies") && v.isObject()) {
                dependencies(out, (ObjectNode) v, at, d, base, resource, renamed);
            } else if (k.equals("items") && v.isArray()) {
                out.set("prefixItems", list((ArrayNode) v, at, d, base, resource));
                renamed.put("items", "prefixItems");
            } else if (k.equals("items")) {
                out.set("items", schema(v, at, d, base, resource, false));
            } else if (k.equals("additionalItems")) {
                if (tuple) {
                    out.set("items", schema(v, at, d, base, resource, false));
                    renamed.put("additionalItems", "items");
                } else if (!(v.isBoolean() && v.booleanValue())) {
                    ledger.drop(at, "'additionalItems' without tuple 'items' has no effect in " + name(d)
                            + "; not carried");
                }
            } else if ((k.equals("exclusiveMinimum") || k.equals("exclusiveMaximum")) && v.isBoolean()) {
                exclusiveBound(out, o, k, v.booleanValue(), at);
            } else if ((k.equals("minimum") || k.equals("maximum")) && boundIsExclusive(o, k)) {
                continue; // written as the exclusive bound
            } else if (k.equals("$recursiveAnchor")) {
                if (v.asBoolean(false)) {
                    out.put("$dynamicAnchor", RECURSIVE_ANCHOR);
                }
                renamed.put(k, "$dynamicAnchor");
            } else if (k.equals("$recursiveRef") && v.isTextual()) {
                out.put("$recursiveRef", v.textValue()); // replaced once every recursive root is known
                refs.add(new PendingRef(out, "$recursiveRef", v.textValue(), base, resource, currentDocument));
            } else if (k.equals("$ref") && v.isTextual()) {
                out.set("$ref", v);
                refs.add(new PendingRef(out, "$ref", v.textValue(), base, resource, currentDocument));
                if (d.legacy()) {
                    siblingsOfRef(o, path, d);
                }
            } else if (SCHEMA_MAPS.contains(k) && v.isObject()) {
                mergeMap(out, k, o, k, v, at, d, base, resource, renamed);
            } else if (SCHEMA_ONE.contains(k)) {
                out.set(k, schema(v, at, d, base, resource, false));
            } else if (SCHEMA_LISTS.contains(k) && v.isArray()) {
                out.set(k, list((ArrayNode) v, at, d, base, resource));
            } else if (k.equals("id") && d == Dialect.DRAFT_04) {
                out.set(k, v); // a non-string draft-04 'id' is no identifier: left for the reader to report
            } else if (v.isObject() && !DATA.contains(k) && !k.startsWith("x-")) {
                // not a keyword, but a $ref pointer may reach a schema inside it (a definition that groups
                // schemas, such as {"full": {...}, "short": {...}}), so it is upgraded like one
                out.set(k, schema(v, at, d, base, resource, false));
            } else if (!out.has(k)) {
                out.set(k, v);
            }
        }
        if (!renamed.isEmpty()) {
            renames.put(o, renamed);
        }
        return out;
    }

    private ArrayNode list(ArrayNode values, String at, Dialect d, URI base, JsonNode resource) {
        ArrayNode out = JsonNodeFactory.instance.arrayNode();
        for (int i = 0; i < values.size(); i++) {
            out.add(schema(values.get(i), Pointers.child(at, i), d, base, resource, false));
        }
        return out;
    }

    /**
     * Writes the schemas of map keyword {@code from} under {@code to}, merging with what is already there; a name
     * both spellings use ({@code definitions} and {@code $defs}) is kept under a suffixed name, and pointers to it
     * follow the rename.
     */
    private void mergeMap(ObjectNode out, String to, ObjectNode owner, String from, JsonNode holder, String at,
            Dialect d, URI base, JsonNode resource, Map<String, String> renamed) {
        if (!holder.isObject()) {
            out.set(from, holder);
            return;
        }
        ObjectNode target = out.has(to) && out.get(to).isObject() ? (ObjectNode) out.get(to)
                : JsonNodeFactory.instance.objectNode();
        Map<String, String> keyRenames = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = holder.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            String key = e.getKey();
            if (target.has(key)) {
                String fresh = key + "_" + from.replace("$", "");
                int n = 2;
                while (target.has(fresh) || holder.has(fresh)) {
                    fresh = key + "_" + from.replace("$", "") + n++;
                }
                keyRenames.put(key, fresh);
                key = fresh;
            }
            target.set(key, schema(e.getValue(), Pointers.child(at, e.getKey()), d, base, resource, false));
        }
        out.set(to, target);
        if (!to.equals(from)) {
            renamed.put(from, to);
        }
        if (!keyRenames.isEmpty()) {
            renames.put(holder, keyRenames);
        }
    }

    private void dependencies(ObjectNode out, ObjectNode deps, String at, Dialect d, URI base, JsonNode resource,
            Map<String, String> renamed) {
        ObjectNode required = out.has("dependentRequired") && out.get("dependentRequired").isObject()
                ? (ObjectNode) out.get("dependentRequired") : JsonNodeFactory.instance.objectNode();
        ObjectNode schemas = out.has("dependentSchemas") && out.get("dependentSchemas").isObject()
                ? (ObjectNode) out.get("dependentSchemas") : JsonNodeFactory.instance.objectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = deps.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getValue().isArray()) {
                required.set(e.getKey(), e.getValue());
            } else if (e.getValue().isObject() || e.getValue().isBoolean()) {
                schemas.set(e.getKey(), schema(e.getValue(), Pointers.child(at, e.getKey()), d, base, resource,
                        false));
            } else {
                ledger.drop(Pointers.child(at, e.getKey()), "a 'dependencies' entry that is neither a list of names"
                        + " nor a schema is not carried");
            }
        }
        if (!required.isEmpty()) {
            out.set("dependentRequired", required);
        }
        if (!schemas.isEmpty()) {
            out.set("dependentSchemas", schemas);
        }
        renamed.put("dependencies", "dependentSchemas");
    }

    /** Draft-04 {@code exclusiveMinimum: true} qualifies {@code minimum}; 2020-12 states the bound itself. */
    private void exclusiveBound(ObjectNode out, ObjectNode o, String keyword, boolean exclusive, String at) {
        String bound = keyword.equals("exclusiveMinimum") ? "minimum" : "maximum";
        if (!exclusive) {
            return; // false only restates that the bound is inclusive
        }
        JsonNode value = o.get(bound);
        if (value == null || !value.isNumber()) {
            ledger.drop(at, "'" + keyword + ": true' without a numeric '" + bound + "' has no effect; not carried");
            return;
        }
        out.set(keyword, value);
    }

    private static boolean boundIsExclusive(ObjectNode o, String bound) {
        String flag = bound.equals("minimum") ? "exclusiveMinimum" : "exclusiveMaximum";
        return o.path(flag).isBoolean() && o.get(flag).booleanValue() && o.get(bound).isNumber();
    }

    /**
     * Before 2019-09, keywords beside {@code $ref} are ignored; from 2019-09 on they apply. The upgrade leaves
     * them out, so the verdict stays the source's, and says which ones it left.
     */
    private void siblingsOfRef(ObjectNode o, String path, Dialect d) {
        List<String> asserting = new ArrayList<>();
        o.fieldNames().forEachRemaining(k -> {
            if (LEGACY_ASSERTIONS.contains(k)) {
                asserting.add(k);
            }
        });
        if (!asserting.isEmpty()) {
            ledger.drop(Pointers.child(path, "$ref"), "keywords beside '$ref' " + asserting + " are ignored by "
                    + name(d) + " (2020-12 would apply them); they are not carried");
        }
    }

    // ---------------------------------------------------------------- references

    private void rewriteRefs() {
        for (PendingRef r : refs) {
            if (r.keyword().equals("$recursiveRef")) {
                r.holder().remove("$recursiveRef");
                if (r.text().equals("#") && recursiveRoots.containsKey(r.resource())) {
                    r.holder().put("$dynamicRef", "#" + RECURSIVE_ANCHOR);
                } else {
                    r.holder().put("$ref", rewritten(r).orElse(r.text()));
                }
                continue;
            }
            Optional<String> text = dynamicDocuments.containsKey(r.document()) ? Optional.empty() : fromRoot(r);
            text.or(() -> rewritten(r)).ifPresent(t -> r.holder().put("$ref", t));
        }
        for (NestedId n : nestedIds) {
            if (!dynamicDocuments.containsKey(n.document())) {
                n.holder().remove("$id");
                ledger.drop(n.path(), "embedded resource identifier '" + n.id() + "' is not carried; every reference"
                        + " to it or inside it is written as a pointer from the document root");
            }
        }
    }

    /**
     * A reference that starts inside an embedded resource, or reaches one, as a pointer from its document's root
     * ({@code #/$defs/node}), or as an absolute URI when it leaves the document: the embedded identifiers are then
     * dropped without changing what any reference reaches. Empty when the reference involves no embedded resource
     * of the same document (the other rules apply), or its target is not found.
     */
    private Optional<String> fromRoot(PendingRef r) {
        String text = r.text();
        int hash = text.indexOf('#');
        String uriPart = hash < 0 ? text : text.substring(0, hash);
        String fragment = hash < 0 ? "" : text.substring(hash + 1);
        boolean insideEmbedded = r.resource() != r.document();
        JsonNode target = r.resource();
        if (!uriPart.isEmpty()) {
            Optional<URI> uri = resolve(r.base(), uriPart);
            if (uri.isEmpty()) {
                return Optional.empty();
            }
            target = resources.get(withoutFragment(uri.get()));
            if (target == null || located.get(target) == null
                    || located.get(target).document() != r.document()) {
                // another document: relative to the embedded resource's base, it stays reachable once the
                // embedded identifier is gone only when written absolute
                return insideEmbedded && !isAbsolute(uriPart) ? Optional.of(uri.get().toString())
                        : Optional.empty();
            }
        }
        if (!insideEmbedded && target == r.document()) {
            return Optional.empty();
        }
        List<String> tokens = new ArrayList<>(tokensOf(located.get(target).pointer()));
        if (fragment.startsWith("/")) {
            for (String raw : Pointers.decodeFragment(fragment.substring(1)).split("/", -1)) {
                tokens.add(Pointers.unescape(raw));
            }
        } else if (!fragment.isEmpty()) {
            JsonNode anchored = anchors.getOrDefault(target, Map.of()).get(Pointers.decodeFragment(fragment));
            if (anchored == null) {
                return Optional.empty();
            }
            tokens = tokensOf(located.get(anchored).pointer());
        }
        return translate(r.document(), tokens).map(p -> "#" + Pointers.encodeFragment(p));
    }

    private static List<String> tokensOf(String pointer) {
        List<String> out = new ArrayList<>();
        if (pointer.isEmpty()) {
            return out;
        }
        for (String raw : pointer.substring(1).split("/", -1)) {
            out.add(Pointers.unescape(raw));
        }
        return out;
    }

    /** An original pointer from {@code start}, in the upgraded spelling; empty when it reaches nothing. */
    private Optional<String> translate(JsonNode start, List<String> tokens) {
        StringBuilder out = new StringBuilder();
        JsonNode node = start;
        for (String token : tokens) {
            if (node == null) {
                return Optional.empty();
            }
            Map<String, String> r2 = renames.get(node);
            String next = r2 != null && r2.containsKey(token) ? r2.get(token) : token;
            node = child(node, token);
            out.append('/').append(Pointers.escape(next));
        }
        return node == null ? Optional.empty() : Optional.of(out.toString());
    }

    /** The reference text with its pointer fragment following every rename; empty when it stays as written. */
    private Optional<String> rewritten(PendingRef r) {
        String text = r.text();
        int hash = text.indexOf('#');
        if (hash < 0) {
            return Optional.empty();
        }
        String fragment = text.substring(hash + 1);
        if (!fragment.startsWith("/")) {
            return Optional.empty();
        }
        String uriPart = text.substring(0, hash);
        JsonNode start;
        if (uriPart.isEmpty()) {
            start = r.resource();
        } else {
            Optional<URI> target = resolve(r.base(), uriPart);
            if (target.isEmpty()) {
                return Optional.empty();
            }
            start = resources.get(withoutFragment(target.get()));
            if (start == null) {
                return Optional.empty(); // another document: not rewritten here
            }
        }
        String[] tokens = Pointers.decodeFragment(fragment.substring(1)).split("/", -1);
        StringBuilder out = new StringBuilder();
        boolean changed = false;
        JsonNode node = start;
        for (String raw : tokens) {
            String token = Pointers.unescape(raw);
            String next = token;
            if (node != null) {
                Map<String, String> r2 = renames.get(node);
                if (r2 != null && r2.containsKey(token)) {
                    next = r2.get(token);
                    changed = true;
                }
                node = child(node, token);
            }
            out.append('/').append(Pointers.escape(next));
        }
        if (!changed) {
            return Optional.empty();
        }
        return Optional.of(uriPart + "#" + Pointers.encodeFragment(out.toString()));
    }

    private static JsonNode child(JsonNode node, String token) {
        if (node.isObject()) {
            return node.get(token);
        }
        if (node.isArray() && token.matches("0|[1-9][0-9]{0,8}")) {
            return node.get(Integer.parseInt(token));
        }
        return null;
    }

    // ---------------------------------------------------------------- small helpers

    private static Optional<URI> resolve(URI base, String reference) {
        try {
            URI ref = new URI(reference);
            return Optional.of(ref.isAbsolute() ? ref : base.resolve(ref));
        } catch (URISyntaxException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static boolean isAbsolute(String reference) {
        try {
            return new URI(reference).isAbsolute();
        } catch (URISyntaxException e) {
            return false;
        }
    }

    private static String withoutFragment(URI uri) {
        String s = uri.toString();
        int hash = s.indexOf('#');
        return hash < 0 ? s : s.substring(0, hash);
    }

    private static boolean isAnchorName(String s) {
        return s.matches("[A-Za-z_][-A-Za-z0-9._]*");
    }

    private static String name(Dialect d) {
        switch (d) {
            case DRAFT_04:
                return "draft-04";
            case DRAFT_06:
                return "draft-06";
            case DRAFT_07:
                return "draft-07";
            case DRAFT_2019_09:
                return "2019-09";
            case DRAFT_2020_12:
                return "2020-12";
            default:
                return "a document without $schema";
        }
    }
}
