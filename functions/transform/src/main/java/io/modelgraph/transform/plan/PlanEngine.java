package io.modelgraph.transform.plan;

import io.modelgraph.api.ErrorEntry;
import io.modelgraph.api.TransformFailure;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.Constraints;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.PrimitiveKind;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.TypeDef;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The validation gate and the executor of plans. Both walk the plan over the model step by step, so
 * a step is checked against the model as the earlier steps left it. The gate is the same for a plan
 * schema/map just produced and for a stored plan sent to plan/execute: every reference must exist
 * when its step runs, and the result must be a valid model (unique names, no dangling type, taxonomy or
 * supertype reference that the source did not already have). Execution is a pure function of plan and
 * source: no clock, no random ids, source order kept, so the same inputs give the same output.
 */
public final class PlanEngine {
    private static final Set<PrimitiveKind> TEXTUAL = EnumSet.of(PrimitiveKind.STRING, PrimitiveKind.DATE,
            PrimitiveKind.DATETIME, PrimitiveKind.TIME, PrimitiveKind.DURATION, PrimitiveKind.URI, PrimitiveKind.UUID,
            PrimitiveKind.BINARY);
    private static final Set<PrimitiveKind> NUMERIC = EnumSet.of(PrimitiveKind.INTEGER, PrimitiveKind.NUMBER,
            PrimitiveKind.DECIMAL);

    /** Every problem of the plan against the source; empty means the plan may run. */
    public static List<ErrorEntry> gate(Plan plan, SchemaModel source, String path) {
        Sim sim = new Sim(source, new LossinessLedger(), path, true);
        sim.run(plan);
        Set<String> before = problems(source);
        for (String problem : problems(sim.result(source))) {
            if (!before.contains(problem)) {
                sim.errors.add(new ErrorEntry(path, "The plan's result is not a valid model: " + problem));
            }
        }
        return sim.errors;
    }

    /** Fails with every gate error, or returns normally. */
    public static void requirePasses(Plan plan, SchemaModel source, String path, List<io.modelgraph.ledger.LossEntry> soFar) {
        List<ErrorEntry> errors = gate(plan, source, path);
        if (!errors.isEmpty()) {
            throw new TransformFailure(400, errors, soFar);
        }
    }

    /** Runs a plan that passed the gate, writing what it drops, retypes or relaxes to the ledger. */
    public static SchemaModel execute(Plan plan, SchemaModel source, LossinessLedger ledger, String path) {
        Sim sim = new Sim(source, ledger, path, false);
        sim.run(plan);
        return sim.result(source);
    }

    /** Structural problems of a model, as sentences (used to tell new problems from inherited ones). */
    static Set<String> problems(SchemaModel model) {
        Set<String> out = new LinkedHashSet<>();
        Set<String> typeNames = new HashSet<>();
        for (TypeDef t : model.types()) {
            if (!typeNames.add(t.name())) {
                out.add("type '" + t.name() + "' is defined twice.");
            }
        }
        Set<String> taxonomyNames = new HashSet<>();
        for (TaxonomyDef t : model.taxonomies()) {
            taxonomyNames.add(t.name());
        }
        for (TypeDef t : model.types()) {
            for (String s : t.supertypes()) {
                if (!typeNames.contains(s)) {
                    out.add("type '" + t.name() + "' extends '" + s + "', which does not exist.");
                }
            }
            Set<String> elementNames = new HashSet<>();
            for (ElementDef e : t.elements()) {
                if (!elementNames.add(e.name())) {
                    out.add("element '" + t.name() + "." + e.name() + "' is defined twice.");
                }
                checkRefs(e.type(), t.name() + "." + e.name(), typeNames, taxonomyNames, out);
            }
        }
        return out;
    }

    private static void checkRefs(DataType type, String where, Set<String> types, Set<String> taxonomies,
            Set<String> out) {
        if (type instanceof DataType.TypeRef r && !types.contains(r.typeName())) {
            out.add("element '" + where + "' refers to type '" + r.typeName() + "', which does not exist.");
        } else if (type instanceof DataType.TaxonomyRef r && !taxonomies.contains(r.taxonomyName())) {
            out.add("element '" + where + "' refers to taxonomy '" + r.taxonomyName() + "', which does not exist.");
        } else if (type instanceof DataType.Union u) {
            u.members().forEach(m -> checkRefs(m, where, types, taxonomies, out));
        } else if (type instanceof DataType.MapOf m) {
            checkRefs(m.values(), where, types, taxonomies, out);
        }
    }

    /** The plan walked over a working copy of the model. */
    private static final class Sim {
        final List<TypeDef> types;
        final List<TaxonomyDef> taxonomies;
        final LossinessLedger ledger;
        final String path;
        final boolean checking;
        final List<ErrorEntry> errors = new ArrayList<>();
        /** Type renames in plan order, so model annotations naming the root type ({@code *.root}) follow. */
        final java.util.Map<String, String> renamed = new java.util.LinkedHashMap<>();
        String at;

        Sim(SchemaModel source, LossinessLedger ledger, String path, boolean checking) {
            this.types = new ArrayList<>(source.types());
            this.taxonomies = new ArrayList<>(source.taxonomies());
            this.ledger = ledger;
            this.path = path;
            this.checking = checking;
        }

        SchemaModel result(SchemaModel source) {
            java.util.Map<String, String> annotations = new java.util.LinkedHashMap<>(source.annotations());
            renamed.forEach((from, to) -> annotations.replaceAll((k, v) -> k.endsWith(".root") && v.equals(from) ? to : v));
            return source.toBuilder().types(types).taxonomies(taxonomies).annotations(annotations).build();
        }

        void run(Plan plan) {
            for (int i = 0; i < plan.operations().size(); i++) {
                at = path + ".operations[" + i + "]";
                apply(plan.operations().get(i));
            }
        }

        /** Records a failed check: an error while gating, a bug when executing a plan that passed. */
        boolean fail(String key, String message) {
            if (!checking) {
                throw new IllegalStateException("A plan that passed the gate failed at " + at + ": " + message);
            }
            errors.add(new ErrorEntry(at + "." + key, message));
            return false;
        }

        int typeIndex(String name) {
            for (int i = 0; i < types.size(); i++) {
                if (types.get(i).name().equals(name)) {
                    return i;
                }
            }
            return -1;
        }

        boolean hasTaxonomy(String name) {
            return taxonomies.stream().anyMatch(t -> t.name().equals(name));
        }

        static int elementIndex(TypeDef type, String name) {
            List<ElementDef> elements = type.elements();
            for (int i = 0; i < elements.size(); i++) {
                if (elements.get(i).name().equals(name)) {
                    return i;
                }
            }
            return -1;
        }

        /** The index of an existing type, or -1 after recording the error. */
        int needType(String name) {
            int i = typeIndex(name);
            if (i < 0) {
                fail("type", "Type '" + name + "' does not exist in the model at this step.");
            }
            return i;
        }

        int needElement(int typeIndex, String element) {
            TypeDef t = types.get(typeIndex);
            int i = elementIndex(t, element);
            if (i < 0) {
                fail("element", "Element '" + t.name() + "." + element + "' does not exist in the model at this step.");
            }
            return i;
        }

        void apply(PlanOp op) {
            if (op instanceof PlanOp.RenameType r) {
                renameType(r.type(), r.to(), false);
            } else if (op instanceof PlanOp.MapType r) {
                renameType(r.type(), r.to(), true);
            } else if (op instanceof PlanOp.RenameElement r) {
                renameElement(r.type(), r.element(), r.to(), false);
            } else if (op instanceof PlanOp.MapElement r) {
                renameElement(r.type(), r.element(), r.to(), true);
            } else if (op instanceof PlanOp.SetDataType r) {
                setDataType(r);
            } else if (op instanceof PlanOp.DropElement r) {
                dropElement(r);
            } else if (op instanceof PlanOp.DropType r) {
                dropType(r);
            } else if (op instanceof PlanOp.AddMapsTo r) {
                addMapsTo(r);
            } else {
                throw new IllegalStateException("Unhandled plan operation " + op);
            }
        }

        void renameType(String from, String to, boolean merge) {
            int i = needType(from);
            if (i < 0 || from.equals(to)) {
                return;
            }
            int target = typeIndex(to);
            if (target >= 0 && !merge) {
                fail("to", "Type '" + to + "' already exists; use mapType to merge '" + from + "' into it.");
                return;
            }
            TypeDef source = types.get(i);
            if (target < 0) {
                types.set(i, source.toBuilder().name(to).build());
            } else {
                TypeDef into = types.get(target);
                List<ElementDef> elements = new ArrayList<>(into.elements());
                for (ElementDef e : source.elements()) {
                    if (elementIndex(into, e.name()) >= 0) {
                        ledger.drop(at, "Element '" + from + "." + e.name() + "' merged into the existing '" + to + "."
                                + e.name() + "', whose definition is kept.");
                    } else {
                        elements.add(e);
                    }
                }
                LinkedHashSet<String> supers = new LinkedHashSet<>(into.supertypes());
                supers.addAll(source.supertypes());
                types.set(target, into.toBuilder().elements(elements).supertypes(new ArrayList<>(supers)).build());
                types.remove(i);
            }
            repoint(from, to);
        }

        /** Every reference to type {@code from} now names {@code to}; a type never extends itself. */
        void repoint(String from, String to) {
            renamed.replaceAll((k, v) -> v.equals(from) ? to : v);
            renamed.putIfAbsent(from, to);
            for (int t = 0; t < types.size(); t++) {
                TypeDef type = types.get(t);
                boolean changed = false;
                List<ElementDef> elements = new ArrayList<>(type.elements().size());
                for (ElementDef e : type.elements()) {
                    DataType moved = retarget(e.type(), from, to);
                    if (moved != e.type()) {
                        changed = true;
                        elements.add(e.toBuilder().type(moved).build());
                    } else {
                        elements.add(e);
                    }
                }
                List<String> supers = type.supertypes();
                if (supers.contains(from) || supers.contains(type.name())) {
                    LinkedHashSet<String> next = new LinkedHashSet<>();
                    for (String s : supers) {
                        String n = s.equals(from) ? to : s;
                        if (!n.equals(type.name())) {
                            next.add(n);
                        }
                    }
                    supers = new ArrayList<>(next);
                    changed = true;
                }
                if (changed) {
                    types.set(t, type.toBuilder().elements(elements).supertypes(supers).build());
                }
            }
        }

        static DataType retarget(DataType type, String from, String to) {
            if (type instanceof DataType.TypeRef r) {
                return r.typeName().equals(from) ? new DataType.TypeRef(to) : type;
            }
            if (type instanceof DataType.Union u) {
                List<DataType> members = new ArrayList<>();
                boolean changed = false;
                for (DataType m : u.members()) {
                    DataType n = retarget(m, from, to);
                    changed |= n != m;
                    members.add(n);
                }
                return changed ? new DataType.Union(members) : type;
            }
            if (type instanceof DataType.MapOf m) {
                DataType n = retarget(m.values(), from, to);
                return n != m.values() ? new DataType.MapOf(n) : type;
            }
            return type;
        }

        void renameElement(String typeName, String from, String to, boolean merge) {
            int t = needType(typeName);
            if (t < 0) {
                return;
            }
            int e = needElement(t, from);
            if (e < 0 || from.equals(to)) {
                return;
            }
            TypeDef type = types.get(t);
            int existing = elementIndex(type, to);
            List<ElementDef> elements = new ArrayList<>(type.elements());
            if (existing >= 0) {
                if (!merge) {
                    fail("to", "Element '" + typeName + "." + to + "' already exists; use mapElement to merge '" + from
                            + "' into it.");
                    return;
                }
                ledger.drop(at, "Element '" + typeName + "." + from + "' merged into the existing '" + typeName + "." + to
                        + "', whose definition is kept.");
                elements.remove(e);
            } else {
                elements.set(e, elements.get(e).toBuilder().name(to).build());
            }
            types.set(t, type.toBuilder().elements(elements).build());
        }

        void setDataType(PlanOp.SetDataType op) {
            int t = needType(op.type());
            if (t < 0) {
                return;
            }
            int e = needElement(t, op.element());
            if (e < 0) {
                return;
            }
            DataType next = DataTypeSpec.parse(op.dataType()).orElse(null);
            if (next == null) {
                fail("dataType", "'" + op.dataType() + "' is not a data type; use one of " + DataTypeSpec.allowed() + ".");
                return;
            }
            if (next instanceof DataType.TypeRef r && typeIndex(r.typeName()) < 0) {
                fail("dataType", "Type '" + r.typeName() + "' does not exist in the model at this step.");
                return;
            }
            if (next instanceof DataType.TaxonomyRef r && !hasTaxonomy(r.taxonomyName())) {
                fail("dataType", "Taxonomy '" + r.taxonomyName() + "' does not exist in the model.");
                return;
            }
            TypeDef type = types.get(t);
            ElementDef element = type.elements().get(e);
            if (DataTypeSpec.format(element.type()).equals(Optional.of(op.dataType()))) {
                return;
            }
            String where = op.type() + "." + op.element();
            ledger.approximate(at, "Element '" + where + "' retyped from " + DataTypeSpec.describe(element.type())
                    + " to " + op.dataType() + ".");
            ElementDef changed = element.toBuilder().type(next).build();
            if (!element.constraints().isEmpty() && category(element.type()) != category(next)) {
                ledger.relax(at, "Constraints of '" + where + "' do not apply to " + op.dataType() + " and were removed.");
                changed = changed.toBuilder().constraints(Constraints.NONE).build();
            }
            List<ElementDef> elements = new ArrayList<>(type.elements());
            elements.set(e, changed);
            types.set(t, type.toBuilder().elements(elements).build());
        }

        static int category(DataType type) {
            if (type instanceof DataType.Primitive p) {
                return TEXTUAL.contains(p.kind()) ? 1 : NUMERIC.contains(p.kind()) ? 2 : 3 + p.kind().ordinal();
            }
            return 0;
        }

        void dropElement(PlanOp.DropElement op) {
            int t = needType(op.type());
            if (t < 0) {
                return;
            }
            int e = needElement(t, op.element());
            if (e < 0) {
                return;
            }
            TypeDef type = types.get(t);
            List<ElementDef> elements = new ArrayList<>(type.elements());
            elements.remove(e);
            types.set(t, type.toBuilder().elements(elements).build());
            ledger.drop(at, "Element '" + op.type() + "." + op.element() + "' dropped by the plan.");
        }

        void dropType(PlanOp.DropType op) {
            int t = needType(op.type());
            if (t < 0) {
                return;
            }
            for (TypeDef other : types) {
                if (other.name().equals(op.type())) {
                    continue;
                }
                if (other.supertypes().contains(op.type())) {
                    fail("type", "Type '" + op.type() + "' is still extended by '" + other.name()
                            + "'; it cannot be dropped.");
                    return;
                }
                for (ElementDef e : other.elements()) {
                    if (refersTo(e.type(), op.type())) {
                        fail("type", "Type '" + op.type() + "' is still referenced by '" + other.name() + "." + e.name()
                                + "'; drop or retype that element first.");
                        return;
                    }
                }
            }
            TypeDef removed = types.remove(t);
            ledger.drop(at, "Type '" + op.type() + "' dropped by the plan, with its " + removed.elements().size()
                    + " element(s).");
        }

        static boolean refersTo(DataType type, String typeName) {
            if (type instanceof DataType.TypeRef r) {
                return r.typeName().equals(typeName);
            }
            if (type instanceof DataType.Union u) {
                return u.members().stream().anyMatch(m -> refersTo(m, typeName));
            }
            return type instanceof DataType.MapOf m && refersTo(m.values(), typeName);
        }

        void addMapsTo(PlanOp.AddMapsTo op) {
            int t = needType(op.type());
            if (t < 0) {
                return;
            }
            if (!op.iri().contains(":") || op.iri().chars().anyMatch(Character::isWhitespace)) {
                fail("iri", "'" + op.iri() + "' is not an IRI (expected scheme:..., without spaces).");
                return;
            }
            TypeDef type = types.get(t);
            if (op.element().isEmpty()) {
                types.set(t, type.toBuilder().mapsTo(op.iri()).build());
                return;
            }
            int e = needElement(t, op.element().get());
            if (e < 0) {
                return;
            }
            List<ElementDef> elements = new ArrayList<>(type.elements());
            elements.set(e, elements.get(e).toBuilder().mapsTo(op.iri()).build());
            types.set(t, type.toBuilder().elements(elements).build());
        }
    }

    private PlanEngine() {
    }
}
