package io.modelgraph.local.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.json.Json;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code sarif} output: a SARIF 2.1.0 log with one run, the tool's rules (each rule id once, in first-seen
 * order) and one result per finding, placed by file and line when known and by its model path as a logical
 * location. Code-scanning services (GitHub's among them) read this to show findings on the files.
 */
final class SarifWriter {
    static final String SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";

    private SarifWriter() {
    }

    static String write(Report report) {
        ObjectNode log = Json.object();
        log.put("$schema", SCHEMA);
        log.put("version", "2.1.0");
        ObjectNode run = log.putArray("runs").addObject();
        ObjectNode driver = run.putObject("tool").putObject("driver");
        driver.put("name", "modelgraph");
        ArrayNode rules = driver.putArray("rules");
        Map<String, Integer> ruleIndex = new LinkedHashMap<>();
        for (Finding f : report.findings()) {
            if (!ruleIndex.containsKey(f.rule())) {
                ruleIndex.put(f.rule(), ruleIndex.size());
                ObjectNode rule = rules.addObject();
                rule.put("id", f.rule());
                rule.putObject("shortDescription").put("text", f.rule());
            }
        }
        ArrayNode results = run.putArray("results");
        for (Finding f : report.findings()) {
            ObjectNode r = results.addObject();
            r.put("ruleId", f.rule());
            r.put("ruleIndex", ruleIndex.get(f.rule()));
            r.put("level", f.severity().sarif());
            r.putObject("message").put("text", f.message().isEmpty() ? f.rule() : f.message());
            if (!f.file().isEmpty() || !f.path().isEmpty()) {
                ObjectNode location = r.putArray("locations").addObject();
                if (!f.file().isEmpty()) {
                    ObjectNode physical = location.putObject("physicalLocation");
                    physical.putObject("artifactLocation").put("uri", uri(f.file()));
                    if (f.line() > 0) {
                        physical.putObject("region").put("startLine", f.line());
                    }
                }
                if (!f.path().isEmpty()) {
                    location.putArray("logicalLocations").addObject().put("fullyQualifiedName", f.path());
                }
            }
            if (!f.group().isEmpty()) {
                r.putObject("properties").put("group", f.group());
            }
        }
        ObjectNode invocation = run.putArray("invocations").addObject();
        invocation.put("executionSuccessful", true);
        invocation.put("exitCode", report.exitCode());
        return Json.writePretty(log) + "\n";
    }

    /** A relative URI reference for a file as the command was given it: forward slashes, spaces escaped. */
    static String uri(String file) {
        String slashed = file.replace('\\', '/');
        StringBuilder out = new StringBuilder();
        for (char c : slashed.toCharArray()) {
            if (c == ' ') {
                out.append("%20");
            } else if (c == '%') {
                out.append("%25");
            } else if (c == '#') {
                out.append("%23");
            } else if (c == '?') {
                out.append("%3F");
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
