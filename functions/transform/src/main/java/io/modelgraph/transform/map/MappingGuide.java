package io.modelgraph.transform.map;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.api.ErrorEntry;
import io.modelgraph.api.TransformFailure;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TypeDef;
import io.modelgraph.transform.plan.DataTypeSpec;
import io.modelgraph.transform.plan.Plan;
import io.modelgraph.transform.plan.PlanOp;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The authored guide of the {@code explicit} mapping kind, read strictly (exact keys; any other key is an
 * error carrying its path, such as {@code mapping.guide.bogusKey}):
 * <pre>
 * {
 *   "types":     { "SourceType": "TargetType" },
 *   "elements":  { "SourceType.field": "TargetType.field"  (or just "field") },
 *   "dataTypes": { "SourceType.field": "integer" | "type:TargetType" | "taxonomy:Name" },
 *   "mapsTo":    { "SourceType": "https://...", "SourceType.field": "https://..." },
 *   "drop":      [ "SourceType", "SourceType.field" ]
 * }
 * </pre>
 * Every key names the source as decoded. Element names may not move to another type: the type part
 * of an element target must be the element's own type as mapped. Plan order: element drops, mapsTo,
 * element maps, type maps, retypes (under mapped names), type drops.
 */
public final class MappingGuide {
    public static final List<String> KEYS = List.of("types", "elements", "dataTypes", "mapsTo", "drop");

    private record ElementRef(String type, String element) {
    }

    /** Reads the guide against the source model and turns it into a plan; fails with every problem found. */
    public static Plan plan(JsonNode guide, String path, SchemaModel source) {
        List<ErrorEntry> errors = new ArrayList<>();
        if (guide == null || !guide.isObject()) {
            throw TransformFailure.of(path, "The explicit mapping needs 'guide': an object with any of "
                    + String.join(", ", KEYS) + ".");
        }
        Iterator<String> names = guide.fieldNames();
        while (names.hasNext()) {
            String key = names.next();
            if (!KEYS.contains(key)) {
                errors.add(new ErrorEntry(path + "." + key, "Unknown mapping guide key '" + key + "'. Use: "
                        + String.join(", ", KEYS) + "."));
            }
        }
        Map<String, String> types = stringMap(guide, "types", path, errors);
        Map<String, String> elements = stringMap(guide, "elements", path, errors);
        Map<String, String> dataTypes = stringMap(guide, "dataTypes", path, errors);
        Map<String, String> mapsTo = stringMap(guide, "mapsTo", path, errors);
        List<String> drop = stringList(guide, "drop", path, errors);

        Map<String, String> typeMap = new LinkedHashMap<>();
        types.forEach((from, to) -> {
            if (source.type(from).isEmpty()) {
                errors.add(new ErrorEntry(path + ".types." + from, "Type '" + from + "' is not in the source schema."));
            } else {
                typeMap.put(from, to);
            }
        });
        Set<String> droppedTypes = new HashSet<>();
        List<ElementRef> droppedElements = new ArrayList<>();
        for (int i = 0; i < drop.size(); i++) {
            String ref = drop.get(i);
            String at = path + ".drop[" + i + "]";
            if (source.type(ref).isPresent()) {
                if (typeMap.containsKey(ref)) {
                    errors.add(new ErrorEntry(at, "Type '" + ref + "' is both mapped and dropped."));
                }
                droppedTypes.add(ref);
                continue;
            }
            Optional<ElementRef> e = resolve(ref, source);
            if (e.isEmpty()) {
                errors.add(new ErrorEntry(at, "'" + ref + "' is neither a type nor a Type.element of the source schema."));
            } else {
                droppedElements.add(e.get());
            }
        }
        List<PlanOp> elementMaps = new ArrayList<>();
        Map<ElementRef, String> elementNames = new LinkedHashMap<>();
        elements.forEach((from, to) -> {
            String at = path + ".elements." + from;
            Optional<ElementRef> e = resolve(from, source);
            if (e.isEmpty()) {
                errors.add(new ErrorEntry(at, "'" + from + "' is not a Type.element of the source schema."));
                return;
            }
            ElementRef ref = e.get();
            if (droppedElements.contains(ref) || droppedTypes.contains(ref.type())) {
                errors.add(new ErrorEntry(at, "'" + from + "' is both mapped and dropped."));
                return;
            }
            String mappedType = typeMap.getOrDefault(ref.type(), ref.type());
            String target = to;
            if (to.contains(".")) {
                if (!to.startsWith(mappedType + ".") || to.length() == mappedType.length() + 1) {
                    errors.add(new ErrorEntry(at, "'" + from + "' can only map within its own type: use '" + mappedType
                            + ".<element>' or just '<element>'."));
                    return;
                }
                target = to.substring(mappedType.length() + 1);
            }
            elementNames.put(ref, target);
            elementMaps.add(new PlanOp.MapElement(ref.type(), ref.element(), target));
        });
        List<PlanOp> mapsToOps = new ArrayList<>();
        mapsTo.forEach((ref, iri) -> {
            String at = path + ".mapsTo." + ref;
            if (source.type(ref).isPresent()) {
                mapsToOps.add(new PlanOp.AddMapsTo(ref, Optional.empty(), iri));
                return;
            }
            Optional<ElementRef> e = resolve(ref, source);
            if (e.isEmpty()) {
                errors.add(new ErrorEntry(at, "'" + ref + "' is neither a type nor a Type.element of the source schema."));
            } else {
                mapsToOps.add(new PlanOp.AddMapsTo(e.get().type(), Optional.of(e.get().element()), iri));
            }
        });
        List<PlanOp> retypes = new ArrayList<>();
        dataTypes.forEach((ref, spec) -> {
            String at = path + ".dataTypes." + ref;
            Optional<ElementRef> e = resolve(ref, source);
            if (e.isEmpty()) {
                errors.add(new ErrorEntry(at, "'" + ref + "' is not a Type.element of the source schema."));
                return;
            }
            if (DataTypeSpec.parse(spec).isEmpty()) {
                errors.add(new ErrorEntry(at, "'" + spec + "' is not a data type; use one of " + DataTypeSpec.allowed()
                        + "."));
                return;
            }
            ElementRef r = e.get();
            retypes.add(new PlanOp.SetDataType(typeMap.getOrDefault(r.type(), r.type()),
                    elementNames.getOrDefault(r, r.element()), spec));
        });
        if (!errors.isEmpty()) {
            throw new TransformFailure(400, errors, List.of());
        }
        List<PlanOp> ops = new ArrayList<>();
        droppedElements.forEach(r -> ops.add(new PlanOp.DropElement(r.type(), r.element())));
        ops.addAll(mapsToOps);
        ops.addAll(elementMaps);
        typeMap.forEach((from, to) -> {
            if (!from.equals(to)) {
                ops.add(new PlanOp.MapType(from, to));
            }
        });
        ops.addAll(retypes);
        for (TypeDef t : source.types()) {
            if (droppedTypes.contains(t.name())) {
                ops.add(new PlanOp.DropType(t.name()));
            }
        }
        return new Plan(ops);
    }

    /** {@code Type.element}, split where the type and the element both exist (type names may hold dots). */
    private static Optional<ElementRef> resolve(String ref, SchemaModel source) {
        for (int cut = ref.indexOf('.'); cut > 0; cut = ref.indexOf('.', cut + 1)) {
            String type = ref.substring(0, cut);
            String element = ref.substring(cut + 1);
            Optional<TypeDef> t = source.type(type);
            if (t.isPresent() && t.get().elements().stream().map(ElementDef::name).anyMatch(element::equals)) {
                return Optional.of(new ElementRef(type, element));
            }
        }
        return Optional.empty();
    }

    private static Map<String, String> stringMap(JsonNode guide, String key, String path, List<ErrorEntry> errors) {
        Map<String, String> out = new LinkedHashMap<>();
        JsonNode node = guide.get(key);
        if (node == null || node.isNull()) {
            return out;
        }
        if (!node.isObject()) {
            errors.add(new ErrorEntry(path + "." + key, "'" + key + "' must be an object of names to strings."));
            return out;
        }
        node.fields().forEachRemaining(f -> {
            if (!f.getValue().isTextual() || f.getValue().asText().isBlank()) {
                errors.add(new ErrorEntry(path + "." + key + "." + f.getKey(), "Expected a non-empty string."));
            } else {
                out.put(f.getKey(), f.getValue().asText());
            }
        });
        return out;
    }

    private static List<String> stringList(JsonNode guide, String key, String path, List<ErrorEntry> errors) {
        List<String> out = new ArrayList<>();
        JsonNode node = guide.get(key);
        if (node == null || node.isNull()) {
            return out;
        }
        if (!node.isArray()) {
            errors.add(new ErrorEntry(path + "." + key, "'" + key + "' must be an array of names."));
            return out;
        }
        for (int i = 0; i < node.size(); i++) {
            if (!node.get(i).isTextual() || node.get(i).asText().isBlank()) {
                errors.add(new ErrorEntry(path + "." + key + "[" + i + "]", "Expected a non-empty string."));
            } else {
                out.add(node.get(i).asText());
            }
        }
        return out;
    }

    private MappingGuide() {
    }
}
