package io.modelgraph.log;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.json.Json;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.util.Map;

/**
 * One JSON object per line on stdout, which Lambda ships to CloudWatch as is. Deliberately tiny:
 * a logging framework would cost cold-start time for no gain here.
 */
public final class JsonLog {
    private final String logger;

    private JsonLog(String logger) {
        this.logger = logger;
    }

    public static JsonLog of(Class<?> type) {
        return new JsonLog(type.getSimpleName());
    }

    public void info(String message, Map<String, ?> fields) {
        emit("INFO", message, fields, null);
    }

    public void warn(String message, Map<String, ?> fields) {
        emit("WARN", message, fields, null);
    }

    public void error(String message, Map<String, ?> fields, Throwable cause) {
        emit("ERROR", message, fields, cause);
    }

    /**
     * The fields every line starts with, so the fatal-error line and the per-request line ({@link RequestLog})
     * are queried alike in CloudWatch Logs Insights.
     */
    static ObjectNode line(String level, String logger, String message, Instant at) {
        ObjectNode line = Json.object();
        line.put("timestamp", at.toString());
        line.put("level", level);
        line.put("logger", logger);
        line.put("message", message);
        return line;
    }

    private void emit(String level, String message, Map<String, ?> fields, Throwable cause) {
        ObjectNode line = line(level, logger, message, Instant.now());
        fields.forEach((k, v) -> line.set(k, Json.valueToTree(v)));
        if (cause != null) {
            line.put("errorType", cause.getClass().getName());
            line.put("errorMessage", String.valueOf(cause.getMessage()));
            StringWriter trace = new StringWriter();
            cause.printStackTrace(new PrintWriter(trace));
            line.put("stackTrace", trace.toString());
        }
        System.out.println(line);
    }
}
