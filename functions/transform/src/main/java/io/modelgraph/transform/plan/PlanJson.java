package io.modelgraph.transform.plan;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.api.ErrorEntry;
import io.modelgraph.api.TransformFailure;
import io.modelgraph.json.Json;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Plans as JSON: {@code {"operations":[{"op":"mapType","type":"A","to":"B"}, ...]}}. Writing is
 * deterministic (keys in a fixed order). Reading is strict: exact, case-sensitive keys; unknown
 * operation kinds, unknown keys, missing or non-string values are all reported, each with its path.
 */
public final class PlanJson {
    /** Keys of each operation kind, in the order they are written; optional ones marked with '?'. */
    static final Map<String, List<String>> KEYS = new LinkedHashMap<>();

    static {
        KEYS.put("renameType", List.of("type", "to"));
        KEYS.put("mapType", List.of("type", "to"));
        KEYS.put("renameElement", List.of("type", "element", "to"));
        KEYS.put("mapElement", List.of("type", "element", "to"));
        KEYS.put("setDataType", List.of("type", "element", "dataType"));
        KEYS.put("dropElement", List.of("type", "element"));
        KEYS.put("dropType", List.of("type"));
        KEYS.put("addMapsTo", List.of("type", "element?", "iri"));
    }

    public static ObjectNode toJson(Plan plan) {
        ObjectNode root = Json.object();
        ArrayNode ops = root.putArray("operations");
        for (PlanOp op : plan.operations()) {
            ops.add(toJson(op));
        }
        return root;
    }

    public static String write(Plan plan) {
        return Json.write(toJson(plan));
    }

    static ObjectNode toJson(PlanOp op) {
        ObjectNode o = Json.object();
        o.put("op", op.op());
        if (op instanceof PlanOp.RenameType r) {
            o.put("type", r.type()).put("to", r.to());
        } else if (op instanceof PlanOp.MapType r) {
            o.put("type", r.type()).put("to", r.to());
        } else if (op instanceof PlanOp.RenameElement r) {
            o.put("type", r.type()).put("element", r.element()).put("to", r.to());
        } else if (op instanceof PlanOp.MapElement r) {
            o.put("type", r.type()).put("element", r.element()).put("to", r.to());
        } else if (op instanceof PlanOp.SetDataType r) {
            o.put("type", r.type()).put("element", r.element()).put("dataType", r.dataType());
        } else if (op instanceof PlanOp.DropElement r) {
            o.put("type", r.type()).put("element", r.element());
        } else if (op instanceof PlanOp.DropType r) {
            o.put("type", r.type());
        } else if (op instanceof PlanOp.AddMapsTo r) {
            o.put("type", r.type());
            r.element().ifPresent(e -> o.put("element", e));
            o.put("iri", r.iri());
        } else {
            throw new IllegalStateException("Unhandled plan operation " + op);
        }
        return o;
    }

    /** Parses plan JSON text; {@code path} names where it came from (such as {@code plan}). */
    public static Plan parse(String text, String path) {
        JsonNode root;
        try {
            root = Json.parse(text);
        } catch (JsonProcessingException e) {
            throw TransformFailure.of(path, "The plan is not valid JSON" + Json.problem(e));
        }
        if (root == null || root.isMissingNode()) {
            throw TransformFailure.of(path, "The plan is empty; expected {\"operations\": [...]}.");
        }
        return read(root, path);
    }

    /** Reads a parsed plan, collecting every problem before failing. */
    public static Plan read(JsonNode root, String path) {
        List<ErrorEntry> errors = new ArrayList<>();
        if (!root.isObject()) {
            throw TransformFailure.of(path, "A plan is a JSON object {\"operations\": [...]}.");
        }
        Iterator<String> names = root.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (!name.equals("operations")) {
                errors.add(new ErrorEntry(path + "." + name, "Unknown plan key '" + name + "'; a plan has only 'operations'."));
            }
        }
        JsonNode ops = root.get("operations");
        List<PlanOp> out = new ArrayList<>();
        if (ops == null || !ops.isArray()) {
            errors.add(new ErrorEntry(path + ".operations", "'operations' must be an array of plan operations."));
        } else {
            for (int i = 0; i < ops.size(); i++) {
                readOperation(ops.get(i), path + ".operations[" + i + "]", errors).ifPresent(out::add);
            }
        }
        if (!errors.isEmpty()) {
            throw new TransformFailure(400, errors, List.of());
        }
        return new Plan(out);
    }

    /** The operation kinds and their keys in written order; optional keys end with '?'. */
    public static Map<String, List<String>> operationKeys() {
        return java.util.Collections.unmodifiableMap(KEYS);
    }

    /**
     * Reads one operation strictly, adding its problems to {@code errors}; empty when it has any. Lets the ai
     * kind judge each proposed operation on its own.
     */
    public static Optional<PlanOp> readOperation(JsonNode node, String path, List<ErrorEntry> errors) {
        if (!node.isObject()) {
            errors.add(new ErrorEntry(path, "A plan operation is a JSON object with an 'op' key."));
            return Optional.empty();
        }
        JsonNode opNode = node.get("op");
        if (opNode == null || !opNode.isTextual()) {
            errors.add(new ErrorEntry(path + ".op", "'op' is required: one of " + String.join(", ", KEYS.keySet())
                    + "."));
            return Optional.empty();
        }
        String op = opNode.asText();
        List<String> keys = KEYS.get(op);
        if (keys == null) {
            errors.add(new ErrorEntry(path + ".op", "Unknown plan operation '" + op + "'. Use: "
                    + String.join(", ", KEYS.keySet()) + "."));
            return Optional.empty();
        }
        int before = errors.size();
        List<String> plain = keys.stream().map(k -> k.replace("?", "")).toList();
        Iterator<String> names = node.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (!name.equals("op") && !plain.contains(name)) {
                errors.add(new ErrorEntry(path + "." + name, "Unknown key '" + name + "' in a " + op
                        + " operation; allowed: op, " + String.join(", ", plain) + "."));
            }
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (String key : keys) {
            boolean optional = key.endsWith("?");
            String name = key.replace("?", "");
            JsonNode v = node.get(name);
            if (v == null || v.isNull()) {
                if (!optional) {
                    errors.add(new ErrorEntry(path + "." + name, "'" + name + "' is required in a " + op + " operation."));
                }
                continue;
            }
            if (!v.isTextual() || v.asText().isBlank()) {
                errors.add(new ErrorEntry(path + "." + name, "'" + name + "' must be a non-empty string."));
                continue;
            }
            values.put(name, v.asText());
        }
        if (errors.size() > before) {
            return Optional.empty();
        }
        String type = values.get("type");
        String element = values.get("element");
        String to = values.get("to");
        switch (op) {
            case "renameType":
                return Optional.of(new PlanOp.RenameType(type, to));
            case "mapType":
                return Optional.of(new PlanOp.MapType(type, to));
            case "renameElement":
                return Optional.of(new PlanOp.RenameElement(type, element, to));
            case "mapElement":
                return Optional.of(new PlanOp.MapElement(type, element, to));
            case "setDataType":
                if (DataTypeSpec.parse(values.get("dataType")).isEmpty()) {
                    errors.add(new ErrorEntry(path + ".dataType", "'" + values.get("dataType")
                            + "' is not a data type; use one of " + DataTypeSpec.allowed() + "."));
                    return Optional.empty();
                }
                return Optional.of(new PlanOp.SetDataType(type, element, values.get("dataType")));
            case "dropElement":
                return Optional.of(new PlanOp.DropElement(type, element));
            case "dropType":
                return Optional.of(new PlanOp.DropType(type));
            case "addMapsTo":
                return Optional.of(new PlanOp.AddMapsTo(type, Optional.ofNullable(element), values.get("iri")));
            default:
                throw new IllegalStateException(op);
        }
    }

    private PlanJson() {
    }
}
