package io.modelgraph.bench;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2CustomAuthorizerEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import io.modelgraph.json.Json;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Runs inside a fresh JVM whose class path is one function's Lambda jar (plus this class): constructs the
 * handler as the Lambda runtime does (the init phase), invokes it twice with a sample event, and prints
 * one line of figures. Uses nothing that the function jar does not carry.
 */
public final class ColdStartProbe {
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static void main(String[] args) throws Exception {
        String handlerClass = args[0];
        Path eventFile = Path.of(args[1]);
        long jvmStartedMs = ManagementFactory.getRuntimeMXBean().getUptime();

        long t0 = System.nanoTime();
        RequestHandler handler = (RequestHandler) Class.forName(handlerClass).getConstructor().newInstance();
        long t1 = System.nanoTime();

        String json = Files.readString(eventFile);
        Object event = handlerClass.endsWith("AuthorizerHandler")
                ? Json.MAPPER.readValue(json, APIGatewayV2CustomAuthorizerEvent.class)
                : Json.MAPPER.readValue(json, APIGatewayV2HTTPEvent.class);
        Object first = handler.handleRequest(event, null);
        long t2 = System.nanoTime();
        handler.handleRequest(event, null);
        long t3 = System.nanoTime();

        String status = first instanceof APIGatewayV2HTTPResponse r ? Integer.toString(r.getStatusCode()) : "authorizer";
        System.out.printf("PROBE jvm=%d init=%.1f first=%.1f second=%.1f status=%s rssKb=%d classes=%d%n",
                jvmStartedMs, (t1 - t0) / 1e6, (t2 - t1) / 1e6, (t3 - t2) / 1e6, status, peakRssKb(),
                ManagementFactory.getClassLoadingMXBean().getLoadedClassCount());
        System.exit(0);
    }

    private static long peakRssKb() throws Exception {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmHWM:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        return -1;
    }

    private ColdStartProbe() {
    }
}
