package io.modelgraph.bench;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2CustomAuthorizerEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;

/**
 * Runs inside a fresh JVM whose class path is one function's Lambda jar (plus this class): constructs the
 * handler as the Lambda runtime does (the init phase), invokes it twice with the first event, and prints
 * one line of figures. Each further event file is then invoked once and answered by one line
 * {@code EVENT <file> <status> <base64 of the response as JSON>} (the artifact tests in {@code it/} read
 * those). Uses nothing that the function jar does not carry.
 *
 * <p>Arguments: {@code <handler class> <event file> [<event file>...]}.
 */
public final class ColdStartProbe {
    /**
     * The probe's own mapper, standing in for the Lambda runtime's event serializer (which is not the function's):
     * plain Jackson, so the probe also runs on the floor jar, which carries nothing of ours.
     */
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS).build();

    @SuppressWarnings({"unchecked", "rawtypes"})
    public static void main(String[] args) throws Exception {
        String handlerClass = args[0];
        Path eventFile = Path.of(args[1]);
        long jvmStartedMs = ManagementFactory.getRuntimeMXBean().getUptime();

        long t0 = System.nanoTime();
        RequestHandler handler = (RequestHandler) Class.forName(handlerClass).getConstructor().newInstance();
        long t1 = System.nanoTime();

        Object event = event(handlerClass, eventFile);
        Object first = handler.handleRequest(event, null);
        long t2 = System.nanoTime();
        // the bench times the whole process up to this line (start, JVM, init, first response) from outside
        System.out.println("FIRST");
        System.out.flush();
        handler.handleRequest(event, null);
        long t3 = System.nanoTime();

        String status = first instanceof APIGatewayV2HTTPResponse r ? Integer.toString(r.getStatusCode()) : "authorizer";
        System.out.printf("PROBE jvm=%d init=%.1f first=%.1f second=%.1f status=%s rssKb=%d classes=%d%n",
                jvmStartedMs, (t1 - t0) / 1e6, (t2 - t1) / 1e6, (t3 - t2) / 1e6, status, peakRssKb(),
                ManagementFactory.getClassLoadingMXBean().getLoadedClassCount());
        for (int i = 2; i < args.length; i++) {
            Object answer = handler.handleRequest(event(handlerClass, Path.of(args[i])), null);
            String code = answer instanceof APIGatewayV2HTTPResponse r ? Integer.toString(r.getStatusCode()) : "authorizer";
            System.out.println("EVENT " + args[i] + " " + code + " " + Base64.getEncoder().encodeToString(
                    MAPPER.writeValueAsBytes(answer)));
        }
        // peak memory after every event: what the memory size in template.yaml is chosen from (docs/operations.md)
        System.out.println("DONE rssKb=" + peakRssKb() + " heapUsedKb=" + heapUsedKb());
        System.out.flush();
        System.exit(0);
    }

    private static Object event(String handlerClass, Path file) throws Exception {
        String json = Files.readString(file);
        return handlerClass.endsWith("AuthorizerHandler")
                ? MAPPER.readValue(json, APIGatewayV2CustomAuthorizerEvent.class)
                : MAPPER.readValue(json, APIGatewayV2HTTPEvent.class);
    }

    private static long heapUsedKb() {
        Runtime runtime = Runtime.getRuntime();
        return (runtime.totalMemory() - runtime.freeMemory()) / 1024;
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
