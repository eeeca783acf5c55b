package io.modelgraph.log;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.function.Consumer;

/**
 * One JSON line per request that is both the structured access log and a CloudWatch Embedded Metric Format
 * document: CloudWatch Logs keeps the line for Logs Insights and extracts {@code calls}, {@code errors} (5xx but
 * 501), {@code clientErrors} (4xx and 501) and {@code latencyMs} per {@code route}, and across all routes (no
 * dimension, for the alarms in template.yaml), in namespace {@value #NAMESPACE}.
 *
 * <p>Written here instead of through Powertools for AWS Lambda (docs/decisions/no-powertools.md): the line carries only the
 * fields of {@link Entry}, which hold no token, key, body or schema text, so nothing secret can reach the log.
 */
public final class RequestLog {
    public static final String NAMESPACE = "Modelgraph";
    public static final String DIMENSION = "route";

    /** What one request did; {@code subject} and {@code projectId} are empty when unknown or refused. */
    public record Entry(String requestId, String route, String projectId, String subject, int status,
            double latencyMs) {
        public Entry {
            requestId = requestId == null ? "" : requestId;
            route = route == null || route.isBlank() ? "unmatched" : route;
            projectId = projectId == null ? "" : projectId;
            subject = subject == null ? "" : subject;
        }
    }

    /** Prints to the stdout of the moment (Lambda ships stdout to CloudWatch Logs). */
    public static final RequestLog STDOUT = new RequestLog(line -> System.out.println(line));

    /**
     * Builds each line and drops it: SnapStart priming runs the whole hot path, the log line included, without
     * counting a call that no caller made.
     */
    public static final RequestLog DISCARD = new RequestLog(line -> { });

    private final Consumer<String> sink;

    public RequestLog(Consumer<String> sink) {
        this.sink = sink;
    }

    public void record(Entry entry) {
        sink.accept(line(entry, Instant.now()));
    }

    /**
     * A fault of the service: 5xx except 501, which answers a request for something this deployment does not carry
     * (an unconfigured ai provider, a format without an encoder) and so counts with the caller's errors.
     */
    static boolean fault(int status) {
        return status >= 500 && status != 501;
    }

    static String line(Entry e, Instant at) {
        boolean fault = fault(e.status());
        boolean refused = !fault && e.status() >= 400;
        String level = fault ? "ERROR" : refused ? "WARN" : "INFO";
        ObjectNode line = JsonLog.line(level, "RequestLog", "request", at);
        line.put("requestId", e.requestId());
        line.put(DIMENSION, e.route());
        line.put("projectId", e.projectId());
        line.put("subject", e.subject());
        line.put("status", e.status());
        line.put("calls", 1);
        line.put("errors", fault ? 1 : 0);
        line.put("clientErrors", refused ? 1 : 0);
        line.put("latencyMs", Math.round(e.latencyMs() * 100) / 100.0);
        ObjectNode directive = line.putObject("_aws");
        directive.put("Timestamp", at.toEpochMilli());
        ObjectNode metrics = directive.putArray("CloudWatchMetrics").addObject();
        metrics.put("Namespace", NAMESPACE);
        // per route, and once more without a dimension: the service-wide series the template's alarms watch
        ArrayNode dimensions = metrics.putArray("Dimensions");
        dimensions.addArray().add(DIMENSION);
        dimensions.addArray();
        ArrayNode list = metrics.putArray("Metrics");
        list.addObject().put("Name", "calls").put("Unit", "Count");
        list.addObject().put("Name", "errors").put("Unit", "Count");
        list.addObject().put("Name", "clientErrors").put("Unit", "Count");
        list.addObject().put("Name", "latencyMs").put("Unit", "Milliseconds");
        return line.toString();
    }
}
