package io.modelgraph.codec.shex;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.codec.SchemaSyntaxException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The well-formedness rules ShExC's grammar cannot state (ShEx 2.1, "Schema Requirements"): every shape reference and
 * inclusion resolves, labels are not declared twice or used for both a shape and a triple expression, an inclusion
 * names a triple expression, no shape refers to itself without passing through a triple constraint, and no
 * reference cycle passes through a negation ({@code NOT} or an {@code EXTRA} predicate).
 */
final class ShexStructure {

    /** A reference from one shape declaration to another. */
    private record Edge(String target, boolean negated, boolean direct) {
    }

    private final Map<String, JsonNode> shapes = new LinkedHashMap<>();
    private final Map<String, JsonNode> tripleExprs = new HashMap<>();
    private final List<String> inclusions = new ArrayList<>();
    private final Map<String, List<Edge>> edges = new LinkedHashMap<>();
    private final boolean imports;

    private ShexStructure(JsonNode schema) {
        this.imports = schema.has("imports");
    }

    static void check(JsonNode schema) throws SchemaSyntaxException {
        new ShexStructure(schema).run(schema);
    }

    private void run(JsonNode schema) throws SchemaSyntaxException {
        for (JsonNode decl : schema.path("shapes")) {
            String id = decl.get("id").asText();
            if (shapes.put(id, decl) != null) {
                throw fail("the shape " + id + " is declared twice");
            }
        }
        for (JsonNode decl : schema.path("shapes")) {
            String id = decl.get("id").asText();
            List<Edge> out = new ArrayList<>();
            shapeExpr(decl.get("shapeExpr"), false, true, out);
            edges.put(id, out);
        }
        if (schema.has("start")) {
            List<Edge> out = new ArrayList<>();
            shapeExpr(schema.get("start"), false, true, out);
            for (Edge e : out) {
                resolved(e.target());
            }
        }
        for (String id : tripleExprs.keySet()) {
            if (shapes.containsKey(id)) {
                throw fail("the label " + id + " names both a shape and a triple expression");
            }
        }
        for (String label : inclusions) {
            if (!tripleExprs.containsKey(label)) {
                if (shapes.containsKey(label)) {
                    throw fail("the inclusion &" + label + " names a shape, not a triple expression");
                }
                if (!imports) {
                    throw fail("the inclusion &" + label + " names no triple expression of the schema");
                }
            }
        }
        for (List<Edge> out : edges.values()) {
            for (Edge e : out) {
                resolved(e.target());
            }
        }
        cycles();
    }

    private void resolved(String label) throws SchemaSyntaxException {
        if (!shapes.containsKey(label) && !imports) {
            throw fail("the shape reference @" + label + " names no shape of the schema");
        }
    }

    private void shapeExpr(JsonNode e, boolean negated, boolean direct, List<Edge> out) throws SchemaSyntaxException {
        if (e == null) {
            return;
        }
        if (e.isTextual()) {
            out.add(new Edge(e.asText(), negated, direct));
            return;
        }
        switch (e.get("type").asText()) {
            case "ShapeAnd", "ShapeOr" -> {
                for (JsonNode m : e.get("shapeExprs")) {
                    shapeExpr(m, negated, direct, out);
                }
            }
            case "ShapeNot" -> shapeExpr(e.get("shapeExpr"), true, direct, out);
            case "Shape" -> {
                for (JsonNode x : e.path("extends")) {
                    out.add(new Edge(x.asText(), negated, direct));
                }
                Set<String> extra = new HashSet<>();
                for (JsonNode p : e.path("extra")) {
                    extra.add(p.asText());
                }
                tripleExpr(e.get("expression"), negated, extra, out);
            }
            default -> {
                // NodeConstraint and ShapeExternal refer to nothing
            }
        }
    }

    private void tripleExpr(JsonNode t, boolean negated, Set<String> extra, List<Edge> out)
            throws SchemaSyntaxException {
        if (t == null) {
            return;
        }
        if (t.isTextual()) {
            inclusions.add(t.asText());
            return;
        }
        if (t.has("id") && tripleExprs.put(t.get("id").asText(), t) != null) {
            throw fail("the triple expression label " + t.get("id").asText() + " is declared twice");
        }
        if (t.has("expressions")) {
            for (JsonNode m : t.get("expressions")) {
                tripleExpr(m, negated, extra, out);
            }
            return;
        }
        boolean viaExtra = extra.contains(t.path("predicate").asText());
        shapeExpr(t.get("valueExpr"), negated || viaExtra, false, out);
    }

    /** Tarjan's strongly connected components: a cycle may neither be all direct nor pass a negation. */
    private void cycles() throws SchemaSyntaxException {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Map<String, Integer> component = new HashMap<>();
        List<String> stack = new ArrayList<>();
        Set<String> onStack = new HashSet<>();
        int[] counter = {0};
        for (String v : edges.keySet()) {
            if (!index.containsKey(v)) {
                strongConnect(v, index, low, component, stack, onStack, counter);
            }
        }
        for (Map.Entry<String, List<Edge>> from : edges.entrySet()) {
            for (Edge e : from.getValue()) {
                Integer a = component.get(from.getKey());
                Integer b = component.get(e.target());
                if (a != null && a.equals(b) && e.negated()) {
                    throw fail("the shape " + from.getKey() + " takes part in a reference cycle through a negation"
                            + " or an EXTRA predicate");
                }
            }
        }
        directCycles();
    }

    private void strongConnect(String v, Map<String, Integer> index, Map<String, Integer> low,
            Map<String, Integer> component, List<String> stack, Set<String> onStack, int[] counter) {
        // iterative to stay safe on long reference chains
        record Frame(String node, int next) {
        }
        List<Frame> work = new ArrayList<>();
        work.add(new Frame(v, 0));
        index.put(v, counter[0]);
        low.put(v, counter[0]++);
        stack.add(v);
        onStack.add(v);
        while (!work.isEmpty()) {
            Frame f = work.remove(work.size() - 1);
            List<Edge> out = edges.getOrDefault(f.node(), List.of());
            if (f.next() < out.size()) {
                work.add(new Frame(f.node(), f.next() + 1));
                String w = out.get(f.next()).target();
                if (!edges.containsKey(w)) {
                    continue;
                }
                if (!index.containsKey(w)) {
                    index.put(w, counter[0]);
                    low.put(w, counter[0]++);
                    stack.add(w);
                    onStack.add(w);
                    work.add(new Frame(w, 0));
                } else if (onStack.contains(w)) {
                    low.put(f.node(), Math.min(low.get(f.node()), index.get(w)));
                }
                continue;
            }
            if (low.get(f.node()).equals(index.get(f.node()))) {
                int id = component.size();
                String w;
                do {
                    w = stack.remove(stack.size() - 1);
                    onStack.remove(w);
                    component.put(w, id);
                } while (!w.equals(f.node()));
            }
            if (!work.isEmpty()) {
                String parent = work.get(work.size() - 1).node();
                low.put(parent, Math.min(low.get(parent), low.get(f.node())));
            }
        }
    }

    /** A shape defined only by references to itself never reaches a triple constraint: reject it. */
    private void directCycles() throws SchemaSyntaxException {
        Map<String, Integer> state = new HashMap<>();
        for (String v : edges.keySet()) {
            if (state.getOrDefault(v, 0) == 0) {
                visitDirect(v, state, 0);
            }
        }
    }

    private void visitDirect(String v, Map<String, Integer> state, int depth) throws SchemaSyntaxException {
        if (depth > 10_000) {
            throw fail("shape references nest too deeply");
        }
        state.put(v, 1);
        for (Edge e : edges.getOrDefault(v, List.of())) {
            if (!e.direct() || !edges.containsKey(e.target())) {
                continue;
            }
            int s = state.getOrDefault(e.target(), 0);
            if (s == 1) {
                throw fail("the shape " + e.target() + " refers to itself without passing through a triple"
                        + " constraint");
            }
            if (s == 0) {
                visitDirect(e.target(), state, depth + 1);
            }
        }
        state.put(v, 2);
    }

    private static SchemaSyntaxException fail(String reason) {
        return new SchemaSyntaxException("$", reason + ".");
    }
}
