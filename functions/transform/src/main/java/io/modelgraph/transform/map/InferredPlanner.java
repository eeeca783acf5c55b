package io.modelgraph.transform.map;

import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TypeDef;
import io.modelgraph.transform.plan.DataTypeSpec;
import io.modelgraph.transform.plan.Plan;
import io.modelgraph.transform.plan.PlanOp;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The {@code inferred} mapping kind: source types and elements are matched by label against a target
 * model (an inline hint or the project's own model). A label matches when the local names are equal,
 * case-insensitively unless {@code caseInsensitive} is false; a ShEx-style {@code <Name>Shape} matches
 * {@code <Name>}. Exact names are claimed first; each target is claimed once, the first source in source
 * order winning. A matched element whose data type differs from the target's is retyped to it when the
 * target type can be stated in the source model (a primitive, a type some source type maps to, or a
 * taxonomy the source has). Unmatched parts are left as they are.
 * <p>Plan order: element mappings (under source type names), type mappings, then retypes (under the
 * mapped names), so every step refers to names as they stand when it runs.
 */
public final class InferredPlanner {

    public static Plan plan(SchemaModel source, SchemaModel target, boolean caseInsensitive, LossinessLedger ledger) {
        Map<String, String> typeMap = orderable(match(source.types(), target.types(), TypeDef::name,
                n -> Names.typeKey(n, caseInsensitive), "type", "", ledger), "type", "", ledger);
        Map<String, TypeDef> targetTypes = new HashMap<>();
        target.types().forEach(t -> targetTypes.putIfAbsent(t.name(), t));
        Set<String> sourceTaxonomies = new HashSet<>();
        source.taxonomies().forEach(t -> sourceTaxonomies.add(t.name()));
        Map<String, String> reverseTypeMap = new HashMap<>();
        typeMap.forEach((s, t) -> reverseTypeMap.putIfAbsent(t, s));

        List<PlanOp> elementOps = new ArrayList<>();
        List<PlanOp> typeOps = new ArrayList<>();
        List<PlanOp> retypeOps = new ArrayList<>();
        for (TypeDef s : source.types()) {
            String mapped = typeMap.get(s.name());
            if (mapped == null) {
                continue;
            }
            TypeDef t = targetTypes.get(mapped);
            Map<String, String> elementMap = orderable(match(s.elements(), t.elements(), ElementDef::name,
                    n -> Names.elementKey(n, caseInsensitive), "element", s.name() + ".", ledger), "element",
                    s.name() + ".", ledger);
            elementMap.forEach((from, to) -> {
                if (!from.equals(to)) {
                    elementOps.add(new PlanOp.MapElement(s.name(), from, to));
                }
            });
            for (ElementDef e : s.elements()) {
                String to = elementMap.get(e.name());
                if (to == null) {
                    continue;
                }
                ElementDef want = t.element(to).orElseThrow();
                retypeTo(e.type(), want.type(), typeMap, reverseTypeMap, sourceTaxonomies)
                        .ifPresent(spec -> retypeOps.add(new PlanOp.SetDataType(mapped, to, spec)));
            }
        }
        typeMap.forEach((from, to) -> {
            if (!from.equals(to)) {
                typeOps.add(new PlanOp.MapType(from, to));
            }
        });
        List<PlanOp> ops = new ArrayList<>(elementOps);
        ops.addAll(typeOps);
        ops.addAll(retypeOps);
        return new Plan(ops);
    }

    /** The descriptor to retype a source element to its target's type, when it differs and can be stated. */
    private static Optional<String> retypeTo(DataType have, DataType want, Map<String, String> typeMap,
            Map<String, String> reverseTypeMap, Set<String> sourceTaxonomies) {
        DataType haveMapped = have;
        if (have instanceof DataType.TypeRef r && typeMap.containsKey(r.typeName())) {
            haveMapped = new DataType.TypeRef(typeMap.get(r.typeName()));
        }
        Optional<String> haveSpec = DataTypeSpec.format(haveMapped);
        Optional<String> wantSpec = DataTypeSpec.format(want);
        if (wantSpec.isEmpty() || haveSpec.equals(wantSpec)) {
            return Optional.empty();
        }
        if (want instanceof DataType.TypeRef r && !reverseTypeMap.containsKey(r.typeName())) {
            return Optional.empty();
        }
        if (want instanceof DataType.TaxonomyRef r && !sourceTaxonomies.contains(r.taxonomyName())) {
            return Optional.empty();
        }
        if (want instanceof DataType.Primitive && !(have instanceof DataType.Primitive)) {
            // a reference, union or map is not flattened to a scalar by inference
            return Optional.empty();
        }
        return wantSpec;
    }

    /**
     * Matches source names to target names: exact names first, then by key in source order. Returns
     * source name to target name, in source order.
     */
    static <T> Map<String, String> match(List<T> sources, List<T> targets, Function<T, String> name,
            Function<String, String> key, String what, String prefix, LossinessLedger ledger) {
        Set<String> targetNames = new HashSet<>();
        Map<String, List<String>> byKey = new LinkedHashMap<>();
        for (T t : targets) {
            String n = name.apply(t);
            if (targetNames.add(n)) {
                byKey.computeIfAbsent(key.apply(n), k -> new ArrayList<>()).add(n);
            }
        }
        Set<String> claimed = new HashSet<>();
        Map<String, String> out = new HashMap<>();
        for (T s : sources) {
            String n = name.apply(s);
            if (targetNames.contains(n) && claimed.add(n)) {
                out.put(n, n);
            }
        }
        for (T s : sources) {
            String n = name.apply(s);
            if (out.containsKey(n)) {
                continue;
            }
            List<String> candidates = new ArrayList<>();
            for (String c : byKey.getOrDefault(key.apply(n), List.of())) {
                if (!claimed.contains(c)) {
                    candidates.add(c);
                }
            }
            if (candidates.isEmpty()) {
                continue;
            }
            String chosen = candidates.get(0);
            claimed.add(chosen);
            out.put(n, chosen);
            if (candidates.size() > 1) {
                ledger.narrow("mapping", "Source " + what + " '" + prefix + n + "' matches several target " + what
                        + "s (" + String.join(", ", candidates) + "); mapped to '" + chosen + "'.");
            }
        }
        Map<String, String> ordered = new LinkedHashMap<>();
        for (T s : sources) {
            String n = name.apply(s);
            if (out.containsKey(n)) {
                ordered.put(n, out.get(n));
            }
        }
        return ordered;
    }

    /**
     * The matches in an order that runs: renames first, ordered so none lands on a name another pending
     * rename still holds (a chain A→B, B→C runs B→C first), then the unchanged names. A cycle (A→B, B→A)
     * cannot be ordered without a temporary name; it is left out and noted in the ledger.
     */
    static Map<String, String> orderable(Map<String, String> matches, String what, String prefix,
            LossinessLedger ledger) {
        Map<String, String> pending = new LinkedHashMap<>();
        Map<String, String> out = new LinkedHashMap<>();
        matches.forEach((from, to) -> {
            if (!from.equals(to)) {
                pending.put(from, to);
            }
        });
        boolean progress = true;
        while (!pending.isEmpty() && progress) {
            progress = false;
            for (var it = pending.entrySet().iterator(); it.hasNext();) {
                var entry = it.next();
                if (!pending.containsKey(entry.getValue())) {
                    out.put(entry.getKey(), entry.getValue());
                    it.remove();
                    progress = true;
                }
            }
        }
        pending.forEach((from, to) -> ledger.narrow("mapping", "Source " + what + " '" + prefix + from
                + "' matches '" + to + "', but the renames form a cycle; it keeps its name."));
        matches.forEach((from, to) -> {
            if (from.equals(to)) {
                out.put(from, to);
            }
        });
        return out;
    }

    private InferredPlanner() {
    }
}
