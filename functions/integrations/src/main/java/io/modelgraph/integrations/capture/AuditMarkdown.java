package io.modelgraph.integrations.capture;

import io.modelgraph.integrations.Finding;
import java.util.List;
import java.util.Map;

/**
 * The audit as a comment ready to post on a pull request: a summary table (counts, fingerprint, metrics), then the
 * findings grouped by section, each with its severity, code, subject, message and detail.
 */
public final class AuditMarkdown {

    public static String render(String projectName, String fingerprint, DictionaryAudit.Result r) {
        StringBuilder md = new StringBuilder();
        String verdict = r.errorCount() > 0 ? "❌ errors" : r.warningCount() > 0 ? "⚠️ warnings" : "✅ clean";
        md.append("## capture audit: ").append(escape(projectName)).append(" (").append(verdict).append(")\n\n");
        md.append("| Errors | Warnings | Info | Fingerprint |\n|---:|---:|---:|---|\n");
        md.append("| ").append(r.errorCount()).append(" | ").append(r.warningCount()).append(" | ")
                .append(r.infoCount()).append(" | `").append(fingerprint, 0, Math.min(12, fingerprint.length()))
                .append("` |\n\n");
        md.append("| Metric | Value |\n|---|---|\n");
        for (Map.Entry<String, String> m : r.metrics().entrySet()) {
            md.append("| ").append(escape(m.getKey())).append(" | ").append(escape(m.getValue())).append(" |\n");
        }
        List<String> sections = r.metrics().containsKey("Production review")
                ? List.of(Finding.COVERAGE, Finding.DRIFT, Finding.CONFORMANCE, Finding.PRODUCTION)
                : List.of(Finding.COVERAGE, Finding.DRIFT, Finding.CONFORMANCE);
        for (String section : sections) {
            List<Finding> in = r.findings().stream().filter(f -> f.section().equals(section)).toList();
            md.append("\n### ").append(section).append(" (").append(in.size()).append(")\n\n");
            if (in.isEmpty()) {
                md.append("Nothing found.\n");
            }
            for (Finding f : in) {
                md.append("- **").append(f.severity()).append("** `").append(f.code()).append("` `")
                        .append(escape(f.subject())).append("`: ").append(escape(f.message()));
                f.detail().ifPresent(d -> md.append(" _").append(escape(d)).append("_"));
                md.append('\n');
            }
        }
        return md.toString();
    }

    /** Markdown and HTML cannot be injected through a dictionary's names or labels. */
    private static String escape(String s) {
        return s.replace("\\", "\\\\").replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;")
                .replace("`", "'").replace("*", "\\*").replace("_", "\\_").replace("\n", " ");
    }

    private AuditMarkdown() {
    }
}
