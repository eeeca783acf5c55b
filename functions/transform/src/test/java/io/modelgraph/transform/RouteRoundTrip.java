package io.modelgraph.transform;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.json.Json;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The fidelity check (docs/fidelity.md) for one input of one format, through the real routes (transform handler on
 * DynamoDB Local / S3Proxy): {@code schema/export(schema/import(x))} into a fresh project against
 * {@code schema/map(x)} with an empty explicit guide. Equal byte for byte, or every difference explained by the
 * import's or the export's {@code lossiness}: for JSON outputs each differing JSON pointer must lie under (or
 * above) the path of a ledger entry the map call did not write; for other text every differing line needs such
 * an entry. Codec issues call it with their own inputs via {@link RouteFidelityTest} (resources
 * {@code fidelity/<format>/}) and the conformance profile (the corpus).
 */
final class RouteRoundTrip {
    /** What one input gave: equal, or the differences and whether the graph's ledgers explain them. */
    record Outcome(String name, boolean identical, List<String> differences, List<String> unexplained,
            String exported, String mapped, List<String> graphLedger) {
        boolean holds() {
            return identical || unexplained.isEmpty();
        }

        @Override
        public String toString() {
            return name + (identical ? ": identical" : ": " + differences.size() + " difference(s), unexplained "
                    + unexplained + "\n  exported: " + exported + "\n  mapped:   " + mapped + "\n  ledger: "
                    + graphLedger);
        }
    }

    /**
     * One handler for every input, as one Lambda container serves every project: building a handler per input
     * loaded the codec registry and the routes again each time, a tenth of the corpus run (docs/testing.md "CI").
     * Each input still gets a fresh project.
     */
    private static final class Shared {
        static final TransformHandler HANDLER = new TransformHandler(TransformCalls.services());
    }

    /** Runs the three calls; a failed call is an unexplained difference naming the call and its errors. */
    static Outcome check(String format, String name, String input) {
        TransformCalls calls = new TransformCalls(Shared.HANDLER, TransformCalls.newProjectId());
        ObjectNode map = Json.object().put("sourceFormat", format).put("sourceSchema", input)
                .put("targetFormat", format);
        map.putObject("mapping").put("kind", "explicit").putObject("guide");
        TransformCalls.Result mapped = calls.post("schema/map", map, "Viewer");
        TransformCalls.Result imported = calls.post("schema/import", Json.object().put("format", format)
                .put("schema", input), "Admin");
        if (!mapped.success() || !imported.success()) {
            List<String> failed = List.of("schema/map: " + mapped, "schema/import: " + imported);
            return new Outcome(name, false, failed, mapped.success() == imported.success() ? List.of() : failed,
                    "", "", List.of());
        }
        TransformCalls.Result exported = calls.post("schema/export", Json.object().put("format", format), "Viewer");
        if (!exported.success()) {
            List<String> failed = List.of("schema/export: " + exported);
            return new Outcome(name, false, failed, failed, "", "", List.of());
        }
        String a = exported.body().path("schema").asText();
        String b = mapped.body().path("schema").asText();
        List<String> graphLedger = new ArrayList<>(paths(imported.body()));
        graphLedger.addAll(paths(exported.body()));
        if (a.equals(b)) {
            return new Outcome(name, true, List.of(), List.of(), a, b, graphLedger);
        }
        // what only the graph's calls wrote: the map call decodes and encodes the same text, so its own entries
        // explain nothing about the graph
        List<String> own = new ArrayList<>(graphLedger);
        paths(mapped.body()).forEach(own::remove);
        List<String> differences = differences(a, b);
        List<String> unexplained = new ArrayList<>();
        for (String d : differences) {
            if (own.stream().noneMatch(p -> related(d, p))) {
                unexplained.add(d);
            }
        }
        return new Outcome(name, false, differences, unexplained, a, b, graphLedger);
    }

    private static List<String> paths(JsonNode body) {
        List<String> out = new ArrayList<>();
        body.path("lossiness").forEach(e -> out.add(e.path("path").asText()));
        return out;
    }

    /**
     * A differing JSON pointer is explained by a ledger pointer above or below it ({@code #/a} explains
     * {@code #/a/b}); a differing line of a non-JSON output by any entry of the graph's calls (line-level paths
     * are each codec's own).
     */
    private static boolean related(String difference, String ledgerPath) {
        if (difference.startsWith("line ")) {
            return true;
        }
        if (!ledgerPath.startsWith("#") && !ledgerPath.startsWith("/")) {
            return false;
        }
        String d = "#" + difference;
        String p = ledgerPath.startsWith("#") ? ledgerPath : "#" + ledgerPath;
        return d.startsWith(p) || p.startsWith(d);
    }

    /** JSON pointers where the two JSON texts differ (key order ignored), else the differing line numbers. */
    static List<String> differences(String a, String b) {
        JsonNode x;
        JsonNode y;
        try {
            x = Json.parse(a);
            y = Json.parse(b);
        } catch (java.io.IOException | RuntimeException notJson) {
            return lines(a, b);
        }
        Set<String> out = new TreeSet<>();
        diff(x, y, "", out);
        return new ArrayList<>(out);
    }

    private static void diff(JsonNode x, JsonNode y, String at, Set<String> out) {
        if (x.isObject() && y.isObject()) {
            Set<String> keys = new LinkedHashSet<>();
            x.fieldNames().forEachRemaining(keys::add);
            y.fieldNames().forEachRemaining(keys::add);
            for (String k : keys) {
                String child = at + "/" + k.replace("~", "~0").replace("/", "~1");
                if (!x.has(k) || !y.has(k)) {
                    out.add(child);
                } else {
                    diff(x.get(k), y.get(k), child, out);
                }
            }
        } else if (x.isArray() && y.isArray() && x.size() == y.size()) {
            Iterator<JsonNode> i = x.elements();
            Iterator<JsonNode> j = y.elements();
            int n = 0;
            while (i.hasNext()) {
                diff(i.next(), j.next(), at + "/" + n++, out);
            }
        } else if (!x.equals(y)) {
            out.add(at.isEmpty() ? "/" : at);
        }
    }

    private static List<String> lines(String a, String b) {
        String[] x = a.split("\n", -1);
        String[] y = b.split("\n", -1);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < Math.max(x.length, y.length); i++) {
            if (i >= x.length || i >= y.length || !x[i].equals(y[i])) {
                out.add("line " + (i + 1));
            }
        }
        return out;
    }

    private RouteRoundTrip() {
    }
}
