package io.modelgraph.compat.avro;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Generated version pairs: each kind of change the compatibility rules must judge, applied to an Avro schema's
 * JSON at up to {@link #SITES} places (records, fields, enums in document order). A kind that does not apply to a
 * schema yields nothing.
 */
final class AvroMutations {
    static final int SITES = 3;

    record Mutation(String kind, int site, JsonNode schema) {
    }

    private AvroMutations() {
    }

    static List<Mutation> of(JsonNode root) {
        List<Mutation> out = new ArrayList<>();
        onRecords(out, root, "add-field-with-default", r -> {
            fields(r).add(r.objectNode().put("name", "mgAdded").put("type", "int").put("default", 0));
            return true;
        });
        onRecords(out, root, "add-field-without-default", r -> {
            fields(r).add(r.objectNode().put("name", "mgAdded").put("type", "int"));
            return true;
        });
        onRecords(out, root, "remove-field-with-default", r -> removeField(r, true));
        onRecords(out, root, "remove-field-without-default", r -> removeField(r, false));
        onRecords(out, root, "promote-type", r -> retype(r, t -> switch (t) {
            case "int" -> "long";
            case "long" -> "double";
            case "float" -> "double";
            case "string" -> "bytes";
            default -> null;
        }));
        onRecords(out, root, "narrow-type", r -> retype(r, t -> switch (t) {
            case "long" -> "int";
            case "double" -> "float";
            case "bytes" -> "string";
            default -> null;
        }));
        onRecords(out, root, "change-type", r -> retype(r, t -> switch (t) {
            case "int", "long", "float", "double" -> "boolean";
            case "boolean", "string", "bytes" -> "int";
            default -> null;
        }));
        onRecords(out, root, "widen-union", AvroMutations::widenUnion);
        onRecords(out, root, "narrow-union", AvroMutations::narrowUnion);
        onRecords(out, root, "rename-field-with-alias", r -> renameField(r, true));
        onRecords(out, root, "rename-field-without-alias", r -> renameField(r, false));
        onRecords(out, root, "rename-record-with-alias", r -> renameNamed(r, true));
        onRecords(out, root, "rename-record-without-alias", r -> renameNamed(r, false));
        onRecords(out, root, "change-namespace", r -> {
            r.put("namespace", r.path("namespace").asText("") + (r.path("namespace").asText("").isEmpty() ? ""
                    : ".") + "mgchanged");
            return true;
        });
        onNamed(out, root, "enum", "add-enum-symbol", e -> {
            ((ArrayNode) e.get("symbols")).add("MG_ADDED");
            return true;
        });
        onNamed(out, root, "enum", "remove-enum-symbol", e -> removeSymbol(e, false));
        onNamed(out, root, "enum", "remove-enum-symbol-with-default", e -> removeSymbol(e, true));
        onNamed(out, root, "fixed", "resize-fixed", f -> {
            f.put("size", f.path("size").asInt() + 1);
            return true;
        });
        return out;
    }

    private static void onRecords(List<Mutation> out, JsonNode root, String kind, Function<ObjectNode, Boolean> f) {
        onNamed(out, root, "record", kind, f);
    }

    private static void onNamed(List<Mutation> out, JsonNode root, String type, String kind,
            Function<ObjectNode, Boolean> change) {
        int count = named(root.deepCopy(), type).size();
        int made = 0;
        for (int i = 0; i < count && made < SITES; i++) {
            JsonNode copy = root.deepCopy();
            if (change.apply(named(copy, type).get(i))) {
                out.add(new Mutation(kind, i, copy));
                made++;
            }
        }
    }

    /** Every definition of {@code type} ({@code record} also takes {@code error}), in document order. */
    private static List<ObjectNode> named(JsonNode n, String type) {
        List<ObjectNode> out = new ArrayList<>();
        collect(n, type, out);
        return out;
    }

    private static void collect(JsonNode n, String type, List<ObjectNode> out) {
        if (n.isObject()) {
            String t = n.path("type").asText("");
            if (t.equals(type) || (type.equals("record") && t.equals("error") && n.has("fields"))) {
                out.add((ObjectNode) n);
            }
            n.forEach(child -> collect(child, type, out));
        } else if (n.isArray()) {
            n.forEach(child -> collect(child, type, out));
        }
    }

    private static ArrayNode fields(ObjectNode record) {
        return (ArrayNode) record.get("fields");
    }

    private static boolean removeField(ObjectNode r, boolean withDefault) {
        ArrayNode fields = fields(r);
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i).has("default") == withDefault) {
                fields.remove(i);
                return true;
            }
        }
        return false;
    }

    private static boolean retype(ObjectNode r, Function<String, String> map) {
        for (JsonNode f : fields(r)) {
            JsonNode t = f.get("type");
            if (t != null && t.isTextual() && map.apply(t.asText()) != null && !f.has("default")) {
                ((ObjectNode) f).put("type", map.apply(t.asText()));
                return true;
            }
        }
        return false;
    }

    private static final List<String> BRANCHES = List.of("string", "long", "boolean", "bytes", "double");

    private static boolean widenUnion(ObjectNode r) {
        for (JsonNode f : fields(r)) {
            JsonNode t = f.get("type");
            if (t != null && t.isArray()) {
                Optional<String> extra = BRANCHES.stream().filter(b -> !t.toString().contains("\"" + b + "\""))
                        .findFirst();
                if (extra.isPresent()) {
                    ((ArrayNode) t).add(extra.get());
                    return true;
                }
            }
        }
        for (JsonNode f : fields(r)) {
            JsonNode t = f.get("type");
            if (t != null && t.isTextual() && !t.asText().equals("string") && !t.asText().equals("null")) {
                ArrayNode union = r.arrayNode().add(t.asText()).add("string");
                ((ObjectNode) f).set("type", union);
                return true;
            }
        }
        return false;
    }

    private static boolean narrowUnion(ObjectNode r) {
        for (JsonNode f : fields(r)) {
            JsonNode t = f.get("type");
            if (t != null && t.isArray() && t.size() >= 2) {
                ((ArrayNode) t).remove(t.size() - 1);
                return true;
            }
        }
        return false;
    }

    private static boolean renameField(ObjectNode r, boolean alias) {
        ArrayNode fields = fields(r);
        if (fields.isEmpty()) {
            return false;
        }
        ObjectNode f = (ObjectNode) fields.get(0);
        String old = f.path("name").asText();
        f.put("name", old + "Renamed");
        if (alias) {
            f.set("aliases", r.arrayNode().add(old));
        } else {
            f.remove("aliases");
        }
        return true;
    }

    private static boolean renameNamed(ObjectNode r, boolean alias) {
        String old = r.path("name").asText();
        if (old.isEmpty() || old.contains(".")) {
            return false;
        }
        r.put("name", old + "V2");
        if (alias) {
            ArrayNode aliases = r.has("aliases") ? (ArrayNode) r.get("aliases") : r.putArray("aliases");
            aliases.add(TextNode.valueOf(old));
        }
        return true;
    }

    private static boolean removeSymbol(ObjectNode e, boolean addDefault) {
        ArrayNode symbols = (ArrayNode) e.get("symbols");
        if (symbols.size() < 2) {
            return false;
        }
        String keep = symbols.get(0).asText();
        if (addDefault) {
            e.put("default", keep);
        } else if (e.has("default") && !e.path("default").asText().equals(keep)) {
            e.put("default", keep);
        }
        symbols.remove(symbols.size() - 1);
        return true;
    }
}
