package io.modelgraph.local.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.json.Json;

/**
 * The {@code json} output: {@code command}, {@code ok}, {@code exitCode}, the command's own members, then
 * {@code findings} (docs/cli.md "Outputs"). One document, for scripts.
 */
final class JsonWriter {
    private JsonWriter() {
    }

    static String write(Report report) {
        ObjectNode root = Json.object();
        root.put("command", report.command());
        root.put("ok", !report.failed());
        root.put("exitCode", report.exitCode());
        report.payload().fields().forEachRemaining(e -> root.set(e.getKey(), e.getValue()));
        ArrayNode findings = root.putArray("findings");
        for (Finding f : report.findings()) {
            ObjectNode o = findings.addObject();
            o.put("rule", f.rule());
            o.put("severity", f.severity().label());
            o.put("group", f.group());
            o.put("message", f.message());
            if (!f.file().isEmpty()) {
                o.put("file", f.file());
            }
            if (f.line() > 0) {
                o.put("line", f.line());
            }
            if (!f.path().isEmpty()) {
                o.put("path", f.path());
            }
        }
        root.put("summary", report.summary());
        return Json.writePretty(root) + "\n";
    }
}
