package io.modelgraph.artifacts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.modelgraph.http.HttpApiHandler;
import io.modelgraph.http.Route;
import io.modelgraph.platform.Services;
import io.modelgraph.platform.Settings;
import io.modelgraph.store.StoreConfig;
import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * template.yaml against what the build made (so it runs here, after package): every {@code Ref}, {@code Fn::GetAtt},
 * {@code Fn::Sub} variable and {@code Fn::If} condition resolves; every function's {@code CodeUri} is the shaded
 * {@code -lambda.jar} of a module of the build and exists; its {@code Handler} class is in that jar, loads from the
 * jar alone, is a Lambda {@code RequestHandler} with a public no-argument constructor; and the HttpApi events are
 * exactly the routes of the handlers' routers, which are exactly the operations of openapi.yaml.
 * ({@code local}'s TemplateTest checks the rest: authorizers, tables against {@code Tables}, policies.)
 */
class TemplateIT {
    /** Names CloudFormation and the SAM transform define without a resource of that name in the template. */
    static final Set<String> PSEUDO = Set.of("AWS::Region", "AWS::Partition", "AWS::URLSuffix", "AWS::AccountId",
            "AWS::StackName", "AWS::StackId", "AWS::NoValue", "AWS::NotificationARNs");
    static final Pattern SUB_VARIABLE = Pattern.compile("\\$\\{([^!}][^}]*)}");

    static Path root;
    static JsonNode template;
    static Map<String, JsonNode> functions = new TreeMap<>();

    @BeforeAll
    static void read() throws IOException {
        root = LocalJarIT.root();
        // a key written twice (a merge adding a block that exists further down) is an error for CloudFormation
        template = YAMLMapper.builder().enable(com.fasterxml.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .build().readTree(root.resolve("template.yaml").toFile());
        template.path("Resources").fields().forEachRemaining(e -> {
            if (e.getValue().path("Type").asText().equals("AWS::Serverless::Function")) {
                functions.put(e.getKey(), e.getValue().path("Properties"));
            }
        });
        assertFalse(functions.isEmpty());
    }

    /** Every name a Ref, GetAtt or Sub may use: parameters, resources, pseudo parameters, SAM's generated names. */
    static Set<String> referable() {
        Set<String> names = new TreeSet<>(PSEUDO);
        template.path("Parameters").fieldNames().forEachRemaining(names::add);
        template.path("Resources").fieldNames().forEachRemaining(names::add);
        boolean globalAlias = template.path("Globals").path("Function").has("AutoPublishAlias");
        functions.forEach((name, props) -> {
            names.add(name + "Role"); // SAM's execution role, as no function names its own Role
            if (globalAlias || props.has("AutoPublishAlias")) {
                names.add(name + ".Alias");
                names.add(name + ".Version");
            }
        });
        return names;
    }

    @Test
    void everyRefGetAttSubVariableAndConditionResolves() {
        Set<String> names = referable();
        Set<String> conditions = new TreeSet<>();
        template.path("Conditions").fieldNames().forEachRemaining(conditions::add);
        List<String> problems = new ArrayList<>();
        int[] seen = new int[1];
        walk(template, "", (path, key, value) -> {
            switch (key) {
                case "Ref" -> {
                    seen[0]++;
                    if (!names.contains(value.asText())) {
                        problems.add(path + ": Ref " + value.asText());
                    }
                }
                case "Fn::GetAtt" -> {
                    seen[0]++;
                    String resource = value.isArray() ? value.get(0).asText() : value.asText().split("\\.")[0];
                    if (!template.path("Resources").has(resource) && !names.contains(resource)) {
                        problems.add(path + ": Fn::GetAtt " + value);
                    }
                }
                case "Fn::Sub" -> {
                    String text = value.isArray() ? value.get(0).asText() : value.asText();
                    Set<String> local = new TreeSet<>();
                    if (value.isArray() && value.size() > 1) {
                        value.get(1).fieldNames().forEachRemaining(local::add);
                    }
                    Matcher m = SUB_VARIABLE.matcher(text);
                    while (m.find()) {
                        seen[0]++;
                        String variable = m.group(1);
                        String base = variable.contains(".") && !variable.startsWith("AWS::")
                                ? variable.substring(0, variable.indexOf('.')) : variable;
                        if (!local.contains(variable) && !names.contains(base)) {
                            problems.add(path + ": Fn::Sub ${" + variable + "}");
                        }
                    }
                }
                case "Fn::If" -> {
                    if (!conditions.contains(value.get(0).asText())) {
                        problems.add(path + ": Fn::If condition " + value.get(0).asText());
                    }
                }
                case "Condition" -> {
                    if (value.isTextual() && !conditions.contains(value.asText())) {
                        problems.add(path + ": Condition " + value.asText());
                    }
                }
                default -> { }
            }
        });
        assertTrue(seen[0] > 20, "the walk found the template's references: " + seen[0]);
        assertTrue(problems.isEmpty(), "unresolved:\n" + String.join("\n", problems));
    }

    interface Visitor {
        void visit(String path, String key, JsonNode value);
    }

    static void walk(JsonNode node, String path, Visitor visitor) {
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                visitor.visit(path, e.getKey(), e.getValue());
                walk(e.getValue(), path + "/" + e.getKey(), visitor);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                walk(node.get(i), path + "/" + i, visitor);
            }
        }
    }

    /** The shaded jar of every module of the build: {@code <module>/target/<artifactId>-<version>-lambda.jar}. */
    static Set<String> lambdaJarsTheBuildMakes() throws IOException {
        String parent = Files.readString(root.resolve("pom.xml"));
        String version = first(parent, "<version>([^<]+)</version>");
        Set<String> jars = new TreeSet<>();
        Matcher modules = Pattern.compile("<module>([^<]+)</module>").matcher(parent);
        while (modules.find()) {
            Path pom = root.resolve(modules.group(1)).resolve("pom.xml");
            String text = Files.readString(pom);
            if (text.contains("<shadedClassifierName>lambda</shadedClassifierName>")) {
                String artifact = first(text.substring(text.indexOf("</parent>")), "<artifactId>([^<]+)</artifactId>");
                jars.add(modules.group(1) + "/target/" + artifact + "-" + version + "-lambda.jar");
            }
        }
        return jars;
    }

    private static String first(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertTrue(m.find(), regex);
        return m.group(1);
    }

    @Test
    void everyCodeUriIsALambdaJarTheBuildMakesAndHoldsItsHandler() throws Exception {
        Set<String> built = lambdaJarsTheBuildMakes();
        assertTrue(built.size() >= 5, "the build's Lambda jars: " + built);
        Set<String> used = new TreeSet<>();
        for (Map.Entry<String, JsonNode> f : functions.entrySet()) {
            String codeUri = f.getValue().path("CodeUri").asText();
            used.add(codeUri);
            assertTrue(built.contains(codeUri), f.getKey() + ": " + codeUri + " is not a jar the build makes " + built);
            Path jar = root.resolve(codeUri);
            assertTrue(Files.isRegularFile(jar), jar + " is missing after package");

            String handler = f.getValue().path("Handler").asText();
            assertTrue(handler.endsWith("::handleRequest"), f.getKey() + ": " + handler);
            String className = handler.substring(0, handler.indexOf("::"));
            try (JarFile file = new JarFile(jar.toFile())) {
                assertTrue(file.getEntry(className.replace('.', '/') + ".class") != null,
                        f.getKey() + ": " + className + " is not in " + codeUri);
            }
            // loaded from the jar alone, as Lambda does (not initialised: that would build SDK clients)
            try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()},
                    ClassLoader.getPlatformClassLoader())) {
                Class<?> type = Class.forName(className, false, loader);
                Class<?> contract = Class.forName(RequestHandler.class.getName(), false, loader);
                assertTrue(contract.isAssignableFrom(type), className + " is a RequestHandler");
                type.getConstructor();
                assertEquals(loader, type.getClassLoader(), className + " came from " + codeUri);
            }
        }
        assertEquals(built, used, "every Lambda jar the build makes is deployed by some function");
    }

    @Test
    void theTemplatesRoutesAreTheHandlersRoutersAndTheOpenApiOperations() throws Exception {
        Services offline = Services.of(StoreConfig.from(Map.of()).withEndpoints(URI.create("http://127.0.0.1:9"),
                URI.create("http://127.0.0.1:9")), Settings.from(Map.of()));
        Set<String> template = new TreeSet<>();
        Set<String> routers = new TreeSet<>();
        for (Map.Entry<String, JsonNode> f : functions.entrySet()) {
            List<String> events = new ArrayList<>();
            f.getValue().path("Events").forEach(e -> {
                if (e.path("Type").asText().equals("HttpApi")) {
                    events.add(e.path("Properties").path("Method").asText().toUpperCase(Locale.ROOT) + " "
                            + e.path("Properties").path("Path").asText());
                }
            });
            template.addAll(events);
            String handler = f.getValue().path("Handler").asText();
            Class<?> type = Class.forName(handler.substring(0, handler.indexOf("::")));
            if (HttpApiHandler.class.isAssignableFrom(type)) {
                HttpApiHandler h = (HttpApiHandler) type.getConstructor(Services.class).newInstance(offline);
                Set<String> served = new TreeSet<>();
                h.router().routes().stream().map(Route::routeKey).forEach(served::add);
                assertEquals(served, new TreeSet<>(events), f.getKey() + ": its events are its router's routes");
                routers.addAll(served);
            } else {
                assertTrue(events.isEmpty(), f.getKey() + " is no HTTP handler but has HttpApi events " + events);
            }
        }
        assertEquals(routers, template);

        Set<String> openApi = new TreeSet<>();
        new YAMLMapper().readTree(root.resolve("openapi.yaml").toFile()).path("paths").fields().forEachRemaining(p ->
                p.getValue().fieldNames().forEachRemaining(method -> {
                    if (Set.of("get", "put", "post", "delete", "patch", "head", "options").contains(method)) {
                        openApi.add(method.toUpperCase(Locale.ROOT) + " " + p.getKey());
                    }
                }));
        assertEquals(template, openApi, "openapi.yaml documents exactly the deployed routes");
    }

    /** What a function does with a table: reads it, reads and writes it, or (the authorizer) looks keys up. */
    enum Access { READ, WRITE, VERIFY }

    static final Set<String> READS = Set.of("dynamodb:GetItem", "dynamodb:Query", "dynamodb:BatchGetItem");

    /**
     * Which table each function uses and how: the intent the policies are checked against. Which actions that
     * takes is not written here but read from the function's jar ({@link DynamoActions}).
     */
    static final Map<String, Map<String, Access>> TABLES = Map.ofEntries(
            Map.entry("AuthorizerFunction", Map.of("ApiKeyTable", Access.VERIFY)),
            Map.entry("GraphFunction", Map.of("GraphTable", Access.WRITE, "ApiKeyTable", Access.WRITE)),
            Map.entry("TransformFunction", Map.of("GraphTable", Access.WRITE)),
            Map.entry("TransformJobFunction", Map.of("GraphTable", Access.WRITE)),
            Map.entry("ExchangeFunction", Map.of("GraphTable", Access.WRITE)),
            Map.entry("ExchangeJobFunction", Map.of("GraphTable", Access.WRITE)),
            Map.entry("IntegrationsFunction", Map.of("GraphTable", Access.WRITE, "HistoryTable", Access.WRITE)),
            Map.entry("GraphJobFunction", Map.of("GraphTable", Access.WRITE)),
            Map.entry("IntegrationsJobFunction", Map.of("GraphTable", Access.WRITE, "HistoryTable", Access.WRITE)),
            Map.entry("ScheduledReauditFunction", Map.of("GraphTable", Access.READ, "HistoryTable", Access.WRITE)));

    /** The table a class of ours talks to: the history and key stores have their own; the rest is the graph table. */
    static Optional<String> tableOf(String className) {
        return switch (className) {
            case "io/modelgraph/store/HistoryStore" -> Optional.of("HistoryTable");
            case "io/modelgraph/auth/ApiKeyStore" -> Optional.of("ApiKeyTable");
            // creates the tables for the local gateway and tests; no function calls it
            case "io/modelgraph/store/Tables" -> Optional.empty();
            default -> Optional.of("GraphTable");
        };
    }

    /** A function's DynamoDB grants: table → actions, and the tables whose indexes are granted (with Query). */
    record Grants(Map<String, Set<String>> actions, Set<String> indexes) {
    }

    static Grants grants(String function, JsonNode props, List<String> problems) {
        Map<String, Set<String>> actions = new TreeMap<>();
        Set<String> indexes = new TreeSet<>();
        List<JsonNode> statements = new ArrayList<>();
        List<JsonNode> policies = new ArrayList<>();
        props.path("Policies").forEach(policies::add);
        while (!policies.isEmpty()) {
            JsonNode policy = policies.remove(0);
            if (policy.has("Fn::If")) {
                policies.add(policy.path("Fn::If").get(1));
                policies.add(policy.path("Fn::If").get(2));
            } else if (policy.has("Ref")) {
                JsonNode managed = template.path("Resources").path(policy.path("Ref").asText());
                if (managed.path("Type").asText().equals("AWS::IAM::ManagedPolicy")) {
                    managed.path("Properties").path("PolicyDocument").path("Statement").forEach(statements::add);
                }
            } else if (policy.has("Statement")) {
                policy.path("Statement").forEach(statements::add);
            } else if (policy.isObject()) {
                policy.fieldNames().forEachRemaining(name -> {
                    if (name.startsWith("DynamoDB")) {
                        problems.add(function + ": SAM's " + name + " grants more than the code calls");
                    }
                });
            }
        }
        for (JsonNode s : statements) {
            List<String> granted = new ArrayList<>();
            (s.path("Action").isArray() ? s.path("Action") : List.of(s.path("Action"))).forEach(a -> {
                String action = a.asText();
                if (action.equals("*") || action.startsWith("dynamodb:") && action.contains("*")) {
                    problems.add(function + ": wildcard action " + action);
                }
                if (action.startsWith("dynamodb:")) {
                    granted.add(action);
                }
            });
            if (granted.isEmpty() || !s.path("Effect").asText().equals("Allow")) {
                continue;
            }
            List<JsonNode> resources = new ArrayList<>();
            (s.path("Resource").isArray() ? s.path("Resource") : List.of(s.path("Resource"))).forEach(resources::add);
            for (JsonNode r : resources) {
                if (r.has("Fn::GetAtt") && r.path("Fn::GetAtt").get(1).asText().equals("Arn")) {
                    actions.computeIfAbsent(r.path("Fn::GetAtt").get(0).asText(), t -> new TreeSet<>()).addAll(granted);
                } else if (r.path("Fn::Sub").asText().matches("\\$\\{\\w+\\.Arn}/index/\\*")) {
                    String table = r.path("Fn::Sub").asText().substring(2, r.path("Fn::Sub").asText().indexOf('.'));
                    if (granted.contains("dynamodb:Query")) {
                        indexes.add(table);
                    }
                } else {
                    problems.add(function + ": DynamoDB actions on a resource that is not a table or its indexes: " + r);
                }
            }
        }
        return new Grants(actions, indexes);
    }

    @Test
    void eachFunctionMayCallExactlyTheDynamoDbActionsItsCodeCallsOnTheTablesItUses() throws Exception {
        List<String> problems = new ArrayList<>();
        assertEquals(functions.keySet(), TABLES.keySet(), "every function's tables are stated here");
        Map<String, Map<String, Set<String>>> calledByJar = new TreeMap<>();
        for (Map.Entry<String, JsonNode> f : functions.entrySet()) {
            String name = f.getKey();
            String jar = f.getValue().path("CodeUri").asText();
            Map<String, Set<String>> called = calledByJar.computeIfAbsent(jar, j -> {
                Map<String, Set<String>> byTable = new TreeMap<>();
                try {
                    DynamoActions.byClass(root.resolve(j)).forEach((type, actions) -> tableOf(type).ifPresent(
                            table -> byTable.computeIfAbsent(table, t -> new TreeSet<>()).addAll(actions)));
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
                return byTable;
            });
            Grants grants = grants(name, f.getValue(), problems);
            assertEquals(TABLES.get(name).keySet(), grants.actions().keySet(), name + ": the tables it may use");
            for (Map.Entry<String, Access> use : TABLES.get(name).entrySet()) {
                String table = use.getKey();
                Set<String> granted = grants.actions().getOrDefault(table, Set.of());
                Set<String> calls = called.getOrDefault(table, Set.of());
                Set<String> required = new TreeSet<>(calls);
                switch (use.getValue()) {
                    case READ -> required.retainAll(READS);
                    // ApiKeyVerifier: the key's lookup and its last-used stamp (issuing and listing are the graph API's)
                    case VERIFY -> required.retainAll(Set.of("dynamodb:GetItem", "dynamodb:UpdateItem"));
                    case WRITE -> assertTrue(required.stream().anyMatch(a -> !READS.contains(a)),
                            name + ": its jar writes " + table + ": " + calls);
                }
                if (!granted.containsAll(required)) {
                    Set<String> missing = new TreeSet<>(required);
                    missing.removeAll(granted);
                    problems.add(name + " calls " + missing + " on " + table + " without the grant");
                }
                if (!calls.containsAll(granted)) {
                    Set<String> unused = new TreeSet<>(granted);
                    unused.removeAll(calls);
                    problems.add(name + " may call " + unused + " on " + table + ", which its code never calls");
                }
                if (use.getValue() == Access.READ && !READS.containsAll(granted)) {
                    problems.add(name + " only reads " + table + " but may write it: " + granted);
                }
                boolean hasIndexes = template.path("Resources").path(table).path("Properties")
                        .has("GlobalSecondaryIndexes");
                if (hasIndexes && granted.contains("dynamodb:Query") && use.getValue() != Access.VERIFY
                        && !grants.indexes().contains(table)) {
                    problems.add(name + " queries " + table + "'s indexes without a grant on ${" + table
                            + ".Arn}/index/*");
                }
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    @Test
    void everyFunctionLogsToItsOwnLogGroupWithARetention() {
        Set<String> groups = new TreeSet<>();
        for (Map.Entry<String, JsonNode> f : functions.entrySet()) {
            String group = f.getValue().path("LoggingConfig").path("LogGroup").path("Ref").asText();
            JsonNode resource = template.path("Resources").path(group);
            assertEquals("AWS::Logs::LogGroup", resource.path("Type").asText(), f.getKey() + ": LoggingConfig.LogGroup");
            int days = resource.path("Properties").path("RetentionInDays").asInt(0);
            assertTrue(days > 0, group + ": RetentionInDays");
            assertTrue(groups.add(group), group + " serves one function only");
        }
        // the one other log group is the HTTP API's access log, which its AccessLogSettings name
        Set<String> accessLogs = new TreeSet<>();
        template.path("Resources").fields().forEachRemaining(r -> {
            JsonNode settings = r.getValue().path("Properties").path("AccessLogSettings");
            if (!settings.isMissingNode()) {
                accessLogs.add(settings.toString());
            }
        });
        template.path("Resources").fields().forEachRemaining(r -> {
            if (r.getValue().path("Type").asText().equals("AWS::Logs::LogGroup")) {
                boolean accessLog = accessLogs.stream().anyMatch(a -> a.contains("\"" + r.getKey()));
                assertTrue(groups.contains(r.getKey()) || accessLog, r.getKey()
                        + " is some function's log group or the HTTP API's access log");
            }
        });
    }
}
