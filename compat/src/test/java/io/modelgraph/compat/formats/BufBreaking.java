package io.modelgraph.compat.formats;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.json.Json;
import io.modelgraph.codec.NpmTools;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How the agreement tests ask {@code buf breaking} and read its answer: every pair is a file {@code pNNNNN.proto}
 * in one module, and buf's JSON findings name the file, so one run judges all pairs.
 */
public final class BufBreaking {
    /** The rule set docs/compare.md names for the protobuf consumer. */
    public static final String CONFIG = "version: v2\nbreaking:\n  use:\n    - WIRE_JSON\n";

    /**
     * buf has no FORWARD mode: checked with the roles swapped, its rules against deleting a field, value or
     * reserved range without reserving see what the candidate added, which guard later versions against reusing a
     * number and are not about old readers reading new data. FORWARD leaves them out.
     */
    public static final Pattern HISTORY_RULES = Pattern.compile(
            "FIELD_NO_DELETE.*|ENUM_VALUE_NO_DELETE.*|RESERVED_.*_NO_DELETE|MESSAGE_NO_DELETE|ENUM_NO_DELETE");

    private static final Pattern PAIR_FILE = Pattern.compile("(p\\d{5})\\.proto$");

    private BufBreaking() {
    }

    /** buf's findings in a finished run, by pair id: the rule types; a run that failed otherwise throws. */
    public static Map<String, List<String>> findings(NpmTools.Result r) throws Exception {
        if (r.exit() != 0 && r.exit() != 100) {
            throw new IllegalStateException("buf breaking failed (exit " + r.exit() + "): " + r.err());
        }
        Map<String, List<String>> out = new HashMap<>();
        for (String line : (r.out() + "\n" + r.err()).split("\n")) {
            if (line.startsWith("{")) {
                JsonNode finding = Json.parse(line);
                String id = id(finding.path("path").asText());
                if (id != null) {
                    out.computeIfAbsent(id, k -> new ArrayList<>()).add(finding.path("type").asText());
                }
            }
        }
        return out;
    }

    /** The pair ids buf's JSON lines in {@code output} name. */
    public static Set<String> ids(String output) throws Exception {
        Set<String> out = new TreeSet<>();
        for (String line : output.split("\n")) {
            if (line.startsWith("{")) {
                String id = id(Json.parse(line).path("path").asText());
                if (id != null) {
                    out.add(id);
                }
            }
        }
        return out;
    }

    private static String id(String path) {
        Matcher m = PAIR_FILE.matcher(path);
        return m.find() ? m.group(1) : null;
    }
}
