package io.modelgraph.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.modelgraph.auth.CredentialKind;
import io.modelgraph.http.Route;
import io.modelgraph.platform.AiSettings;
import io.modelgraph.jobs.Jobs;
import io.modelgraph.store.StoreConfig;
import io.modelgraph.store.Tables;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;

/**
 * template.yaml against the code: every route of every handler is an HttpApi event of its group's function
 * (and nothing else is), API-key routes use the Lambda authorizer and the others the JWT authorizer, the
 * functions run with SnapStart on published versions, and the tables are those of {@link Tables}.
 */
class TemplateTest {
    static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();
    static JsonNode template;
    static JsonNode resources;

    @BeforeAll
    static void read() throws IOException {
        // strict: a key written twice (one block of a merge shadowing another) is an error for CloudFormation
        template = YAMLMapper.builder().enable(com.fasterxml.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .build().readTree(ROOT.resolve("template.yaml").toFile());
        resources = template.get("Resources");
    }

    private static Map<String, JsonNode> ofType(String type) {
        Map<String, JsonNode> out = new TreeMap<>();
        resources.fields().forEachRemaining(e -> {
            if (type.equals(e.getValue().path("Type").asText())) {
                out.put(e.getKey(), e.getValue());
            }
        });
        return out;
    }

    private static Map.Entry<String, JsonNode> functionWithHandler(String handler) {
        for (Map.Entry<String, JsonNode> f : ofType("AWS::Serverless::Function").entrySet()) {
            if (f.getValue().path("Properties").path("Handler").asText().equals(handler)) {
                return f;
            }
        }
        throw new AssertionError("template.yaml has no AWS::Serverless::Function with Handler " + handler);
    }

    /** An event entry to paste into template.yaml for a route that is missing there. */
    static String eventYaml(Route r) {
        StringBuilder name = new StringBuilder(r.method().charAt(0) + r.method().substring(1).toLowerCase(Locale.ROOT));
        for (String seg : r.template().split("/")) {
            String s = seg.replaceAll("[{}]", "").replaceAll("[^A-Za-z0-9]", "");
            if (!s.isEmpty() && !s.equals("projectId")) {
                name.append(Character.toUpperCase(s.charAt(0))).append(s.substring(1));
            }
        }
        String auth = r.credential() == CredentialKind.API_KEY
                ? "\n            Auth:\n              Authorizer: ApiKeyAuthorizer" : "";
        return "        " + name + ":\n          Type: HttpApi\n          Properties:\n            ApiId:\n              Ref: Api\n"
                + "            Method: " + r.method() + "\n            Path: " + r.template() + auth + "\n";
    }

    @Test
    void everyRouteOfEveryHandlerIsAnEventOfItsFunctionWithTheRightAuthorizer() {
        List<String> problems = new ArrayList<>();
        for (RouteGroup group : TestStack.server().groups()) {
            if (group.name().equals("probe")) {
                continue;
            }
            Map.Entry<String, JsonNode> fn = functionWithHandler(group.handlerClass() + "::handleRequest");
            JsonNode props = fn.getValue().path("Properties");
            assertEquals("functions/" + group.name() + "/target/function-" + group.name() + "-0.1.0-SNAPSHOT-lambda.jar",
                    props.path("CodeUri").asText(), fn.getKey());
            assertTrue(Files.exists(ROOT.resolve("functions").resolve(group.name()).resolve("pom.xml")), group.name());

            Map<String, JsonNode> events = new LinkedHashMap<>();
            props.path("Events").fields().forEachRemaining(e -> {
                JsonNode p = e.getValue().path("Properties");
                assertEquals("HttpApi", e.getValue().path("Type").asText(), e.getKey());
                assertEquals("Api", p.path("ApiId").path("Ref").asText(), e.getKey());
                events.put(p.path("Method").asText().toUpperCase(Locale.ROOT) + " " + p.path("Path").asText(), p);
            });
            Set<String> routeKeys = new TreeSet<>();
            for (Route r : group.routes()) {
                routeKeys.add(r.routeKey());
                JsonNode event = events.get(r.routeKey());
                if (event == null) {
                    problems.add(fn.getKey() + " lacks " + r.routeKey() + "; add under Events:\n" + eventYaml(r));
                    continue;
                }
                String authorizer = event.path("Auth").path("Authorizer").asText("");
                if (r.credential() == CredentialKind.API_KEY) {
                    if (!authorizer.equals("ApiKeyAuthorizer")) {
                        problems.add(r.routeKey() + " takes API keys: give it Auth: {Authorizer: ApiKeyAuthorizer}");
                    }
                } else if (!authorizer.isEmpty() && !authorizer.equals("JwtAuthorizer")) {
                    problems.add(r.routeKey() + " takes user JWTs: leave Auth out (JwtAuthorizer is the default)");
                }
            }
            for (String key : events.keySet()) {
                if (!routeKeys.contains(key)) {
                    problems.add(fn.getKey() + " has an event " + key + " that no route of " + group.handlerClass()
                            + " serves");
                }
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    @Test
    void theHttpApiDefaultsToTheJwtAuthorizerAndTheApiKeyAuthorizerNeitherCachesNorPrefilters() {
        Map<String, JsonNode> apis = ofType("AWS::Serverless::HttpApi");
        assertEquals(Set.of("Api"), apis.keySet());
        JsonNode auth = apis.get("Api").path("Properties").path("Auth");
        assertEquals("JwtAuthorizer", auth.path("DefaultAuthorizer").asText());
        JsonNode jwt = auth.path("Authorizers").path("JwtAuthorizer");
        assertEquals("$request.header.Authorization", jwt.path("IdentitySource").asText());
        assertEquals("JwtIssuer", jwt.path("JwtConfiguration").path("issuer").path("Ref").asText());
        assertEquals("JwtAudience", jwt.path("JwtConfiguration").path("audience").get(0).path("Ref").asText());
        assertNotNull(template.path("Parameters").get("JwtIssuer"));
        assertNotNull(template.path("Parameters").get("JwtAudience"));

        JsonNode key = auth.path("Authorizers").path("ApiKeyAuthorizer");
        assertEquals("AuthorizerFunction.Alias", key.path("FunctionArn").path("Ref").asText());
        assertEquals("2.0", key.path("AuthorizerPayloadFormatVersion").asText());
        assertTrue(key.path("EnableSimpleResponses").asBoolean());
        assertEquals(0, key.path("Identity").path("ReauthorizeEvery").asInt(-1));
        for (String source : List.of("Headers", "QueryStrings", "StageVariables", "Context")) {
            assertFalse(key.path("Identity").has(source), "an identity source would let API Gateway answer a bare 401");
        }
        assertEquals("io.modelgraph.authorizer.ApiKeyAuthorizerHandler::handleRequest",
                resources.path("AuthorizerFunction").path("Properties").path("Handler").asText());
    }

    @Test
    void functionsUseSnapStartOnPublishedVersionsAndAJavaRuntime() {
        JsonNode globals = template.path("Globals").path("Function");
        for (Map.Entry<String, JsonNode> f : ofType("AWS::Serverless::Function").entrySet()) {
            JsonNode p = f.getValue().path("Properties");
            JsonNode snap = p.has("SnapStart") ? p.get("SnapStart") : globals.path("SnapStart");
            assertEquals("PublishedVersions", snap.path("ApplyOn").asText(), f.getKey());
            String alias = p.has("AutoPublishAlias") ? p.get("AutoPublishAlias").asText() : globals.path("AutoPublishAlias").asText();
            assertFalse(alias.isBlank(), f.getKey());
            String runtime = p.has("Runtime") ? p.get("Runtime").asText() : globals.path("Runtime").asText();
            assertTrue(runtime.matches("java(17|21|25)"), runtime);
            int timeout = p.has("Timeout") ? p.get("Timeout").asInt() : globals.path("Timeout").asInt();
            if (f.getKey().endsWith("JobFunction")) {
                // a job function is invoked asynchronously, never behind the API: Lambda's own limit
                assertEquals(Jobs.RUN_TIMEOUT.toSeconds(), timeout, f.getKey());
                assertFalse(p.has("Events"), "a job function serves no route: " + f.getKey());
            } else {
                assertTrue(timeout > 0 && timeout <= 30, "API Gateway gives up after 30 s: " + f.getKey());
            }
        }
        JsonNode env = globals.path("Environment").path("Variables");
        for (String name : List.of(StoreConfig.ENV_GRAPH_TABLE, StoreConfig.ENV_HISTORY_TABLE,
                StoreConfig.ENV_APIKEY_TABLE, StoreConfig.ENV_BUCKET)) {
            assertTrue(env.path(name).has("Ref"), name);
        }
    }

    /** How SAM users work: sam build, tracing, the API's access log, alarms, failed jobs kept, limits as parameters. */
    @Test
    void theTemplateDeploysTheWaySamUsersWork() {
        JsonNode globals = template.path("Globals").path("Function");
        assertEquals("Active", globals.path("Tracing").asText());
        assertEquals("Architecture", globals.path("Architectures").get(0).path("Ref").asText());
        assertEquals("[\"x86_64\",\"arm64\"]", template.path("Parameters").path("Architecture")
                .path("AllowedValues").toString());
        for (Map.Entry<String, JsonNode> f : ofType("AWS::Serverless::Function").entrySet()) {
            // Maven builds the jars; sam build copies them instead of failing on a CodeUri that is a jar
            assertTrue(f.getValue().path("Metadata").path("SkipBuild").asBoolean(), f.getKey());
            assertFalse(f.getValue().path("Properties").has("Architectures"), "the parameter decides: " + f.getKey());
            if (f.getKey().endsWith("JobFunction")) {
                JsonNode onFailure = f.getValue().path("Properties").path("EventInvokeConfig")
                        .path("DestinationConfig").path("OnFailure");
                assertEquals("SQS", onFailure.path("Type").asText(), f.getKey());
                assertEquals("JobFailureQueue", onFailure.path("Destination").path("Fn::GetAtt").get(0).asText());
            }
        }
        assertEquals(4, ofType("AWS::Serverless::Function").keySet().stream().filter(k -> k.endsWith("JobFunction"))
                .count());
        assertEquals("AWS::SQS::Queue", resources.path("JobFailureQueue").path("Type").asText());

        JsonNode api = resources.path("Api").path("Properties");
        JsonNode access = api.path("AccessLogSettings");
        assertEquals("ApiAccessLogGroup", access.path("DestinationArn").path("Fn::GetAtt").get(0).asText());
        String format = access.path("Format").asText();
        assertTrue(format.contains("$context.routeKey") && format.contains("$context.status"), format);
        assertFalse(format.contains("$context.path") || format.contains("querystring"), "no caller data: " + format);
        assertTrue(resources.path("ApiAccessLogGroup").path("Properties").path("RetentionInDays").asInt() > 0);
        JsonNode throttle = api.path("DefaultRouteSettings");
        assertEquals("RouteThrottlingBurstLimit", throttle.path("ThrottlingBurstLimit").path("Ref").asText());
        assertEquals("RouteThrottlingRateLimit", throttle.path("ThrottlingRateLimit").path("Ref").asText());

        Map<String, String> alarmed = new TreeMap<>();
        ofType("AWS::CloudWatch::Alarm").forEach((name, alarm) -> {
            JsonNode p = alarm.path("Properties");
            assertEquals(io.modelgraph.log.RequestLog.NAMESPACE, p.path("Namespace").asText(), name);
            assertFalse(p.has("Dimensions"), "the series across all routes: " + name);
            alarmed.put(p.path("MetricName").asText(), name);
        });
        assertEquals(java.util.Set.of("errors", "latencyMs"), alarmed.keySet());
    }

    @Test
    void theAuthorizerMayOnlyReadAndStampApiKeys() {
        JsonNode policies = resources.path("AuthorizerFunction").path("Properties").path("Policies");
        assertEquals(1, policies.size());
        JsonNode statements = policies.get(0).path("Statement");
        assertEquals(1, statements.size());
        JsonNode s = statements.get(0);
        Set<String> actions = new TreeSet<>();
        s.path("Action").forEach(a -> actions.add(a.asText()));
        assertEquals(Set.of("dynamodb:GetItem", "dynamodb:UpdateItem"), actions);
        assertEquals(List.of("ApiKeyTable", "Arn"), List.of(s.path("Resource").path("Fn::GetAtt").get(0).asText(),
                s.path("Resource").path("Fn::GetAtt").get(1).asText()));
    }

    @Test
    void onlyTheTransformFunctionMayCallBedrockOrReadTheAiSecretAndOnlyTheConfiguredOnes() {
        JsonNode transform = resources.path("TransformFunction").path("Properties");
        JsonNode env = transform.path("Environment").path("Variables");
        for (String name : List.of(AiSettings.ENV_PROVIDER, AiSettings.ENV_MODEL, AiSettings.ENV_ENDPOINT,
                AiSettings.ENV_API_KEY_SECRET, AiSettings.ENV_TIMEOUT_SECONDS, AiSettings.ENV_MAX_PROMPT_CHARS)) {
            assertTrue(env.path(name).has("Ref"), name);
        }
        assertFalse(env.has(AiSettings.ENV_API_KEY), "the key is never a template parameter");
        Map<String, JsonNode> statements = new TreeMap<>();
        for (JsonNode policy : transform.path("Policies")) {
            JsonNode branch = policy.path("Fn::If");
            if (branch.isArray()) {
                JsonNode s = branch.get(1).path("Statement").get(0);
                statements.put(s.path("Action").get(0).asText(), s.path("Resource"));
                assertEquals("AWS::NoValue", branch.get(2).path("Ref").asText());
            }
        }
        assertEquals(Set.of("bedrock:InvokeModel", "secretsmanager:GetSecretValue"), statements.keySet());
        assertTrue(statements.get("bedrock:InvokeModel").path("Fn::Sub").asText().endsWith("foundation-model/${AiModel}"));
        assertEquals("AiApiKeySecretArn", statements.get("secretsmanager:GetSecretValue").path("Ref").asText());
        int timeout = template.path("Parameters").path("AiTimeoutSeconds").path("MaxValue").asInt();
        assertTrue(2 * timeout + 1 < template.path("Globals").path("Function").path("Timeout").asInt(),
                "a request and its one retry fit in the function's time");
        // the transform job function runs the same code (a mapImport job asks the same provider): same grants
        assertEquals(transform.path("Policies").get(2), resources.path("TransformJobFunction").path("Properties")
                .path("Policies").get(3));
        assertEquals(transform.path("Policies").get(3), resources.path("TransformJobFunction").path("Properties")
                .path("Policies").get(4));
        resources.fields().forEachRemaining(f -> {
            if (!f.getKey().equals("TransformFunction") && !f.getKey().equals("TransformJobFunction")) {
                String text = f.getValue().toString();
                assertFalse(text.contains("bedrock:") || text.contains("secretsmanager:"), f.getKey());
            }
        });
    }

    @Test
    void eachJobFunctionRunsItsRouteGroupsCodeAndOnlyItsRouteGroupMayStartIt() {
        for (String group : List.of("Transform", "Exchange", "Graph", "Integrations")) {
            JsonNode api = resources.path(group + "Function").path("Properties");
            JsonNode job = resources.path(group + "JobFunction").path("Properties");
            assertEquals(api.path("CodeUri"), job.path("CodeUri"), group);
            assertEquals(api.path("Handler").asText().replace("Handler::", "JobHandler::"), job.path("Handler").asText());
            assertEquals(group + "JobFunction.Alias", api.path("Environment").path("Variables")
                    .path(io.modelgraph.jobs.LambdaInvokeLauncher.ENV_FUNCTION).path("Ref").asText(), group);
            assertEquals(0, job.path("EventInvokeConfig").path("MaximumRetryAttempts").asInt(-1), group);
            List<String> invokers = new ArrayList<>();
            resources.fields().forEachRemaining(f -> {
                for (JsonNode policy : f.getValue().path("Properties").path("Policies")) {
                    if (policy.path("LambdaInvokePolicy").path("FunctionName").path("Ref").asText()
                            .equals(group + "JobFunction")) {
                        invokers.add(f.getKey());
                    }
                }
            });
            assertEquals(List.of(group + "Function"), invokers);
        }
        assertEquals(io.modelgraph.store.Tables.TTL, resources.path("GraphTable").path("Properties")
                .path("TimeToLiveSpecification").path("AttributeName").asText());
        assertTrue(resources.path("GraphTable").path("Properties").path("TimeToLiveSpecification").path("Enabled")
                .asBoolean());
    }

    @Test
    void theBucketIsPrivateAndEncrypted() {
        Map<String, JsonNode> buckets = ofType("AWS::S3::Bucket");
        assertEquals(1, buckets.size());
        JsonNode b = buckets.values().iterator().next().path("Properties");
        JsonNode block = b.path("PublicAccessBlockConfiguration");
        for (String f : List.of("BlockPublicAcls", "BlockPublicPolicy", "IgnorePublicAcls", "RestrictPublicBuckets")) {
            assertTrue(block.path(f).asBoolean(), f);
        }
        assertFalse(b.path("BucketEncryption").path("ServerSideEncryptionConfiguration").isEmpty());
        assertEquals("BlobBucket", template.path("Globals").path("Function").path("Environment").path("Variables")
                .path(StoreConfig.ENV_BUCKET).path("Ref").asText());
    }

    @Test
    void replacedSnapshotsExpireAndIncompleteUploadsAreAborted() {
        JsonNode b = resources.path("BlobBucket").path("Properties");
        assertEquals("Enabled", b.path("VersioningConfiguration").path("Status").asText(),
                "a replaced or deleted snapshot stays recoverable until the lifecycle rule removes it");
        Map<String, JsonNode> rules = new TreeMap<>();
        b.path("LifecycleConfiguration").path("Rules").forEach(r -> rules.put(r.path("Id").asText(), r));
        JsonNode expire = rules.get("ExpireReplacedSnapshots");
        assertNotNull(expire, rules.keySet().toString());
        assertEquals("Enabled", expire.path("Status").asText());
        assertTrue(expire.path("NoncurrentVersionExpiration").path("NoncurrentDays").asInt() > 0);
        assertFalse(expire.has("ExpirationInDays"), "the current snapshot never expires: the reaudit reads it");
        assertEquals(1, rules.get("CleanUp").path("AbortIncompleteMultipartUpload").path("DaysAfterInitiation").asInt());
    }

    @Test
    void onlyTheLeaseExpiresThroughTheGraphTablesTtl() {
        JsonNode ttl = resources.path("GraphTable").path("Properties").path("TimeToLiveSpecification");
        assertEquals(Tables.EXPIRES_AT, ttl.path("AttributeName").asText());
        assertTrue(ttl.path("Enabled").asBoolean());
        for (String table : List.of("HistoryTable", "ApiKeyTable")) {
            assertFalse(resources.path(table).path("Properties").has("TimeToLiveSpecification"),
                    table + ": audit history and keys are kept until deleted on purpose");
        }
    }

    @Test
    void noFunctionMayChangeTheBucketsAclsOrLifecycle() {
        for (Map.Entry<String, JsonNode> f : ofType("AWS::Serverless::Function").entrySet()) {
            String policies = f.getValue().path("Properties").path("Policies").toString();
            assertFalse(policies.contains("S3CrudPolicy") || policies.contains("S3FullAccessPolicy"),
                    f.getKey() + ": SAM's S3 templates grant PutObjectAcl and PutLifecycleConfiguration");
            assertFalse(policies.contains("\"s3:*\"") || policies.contains("PutObjectAcl")
                    || policies.contains("PutLifecycleConfiguration") || policies.contains("PutBucket"), f.getKey());
        }
        // the functions' shared grants live in managed policies: the same rule holds there
        for (Map.Entry<String, JsonNode> p : ofType("AWS::IAM::ManagedPolicy").entrySet()) {
            String document = p.getValue().path("Properties").path("PolicyDocument").toString();
            assertFalse(document.contains("\"s3:*\"") || document.contains("PutObjectAcl")
                    || document.contains("PutLifecycleConfiguration") || document.contains("PutBucket"), p.getKey());
        }
    }

    @Test
    void everyFunctionStatesItsMemorySize() {
        for (Map.Entry<String, JsonNode> f : ofType("AWS::Serverless::Function").entrySet()) {
            int memory = f.getValue().path("Properties").path("MemorySize").asInt(0);
            assertTrue(memory >= 256 && memory <= 10240, f.getKey() + ": MemorySize chosen per function (docs/operations.md, "
                    + "Deploying with SAM), not inherited: " + memory);
        }
    }

    @Test
    void theTablesAreThoseOfTablesDefinitions() {
        StoreConfig config = StoreConfig.from(Map.of());
        JsonNode env = template.path("Globals").path("Function").path("Environment").path("Variables");
        Map<String, String> logicalByName = Map.of(
                config.graphTable(), env.path(StoreConfig.ENV_GRAPH_TABLE).path("Ref").asText(),
                config.historyTable(), env.path(StoreConfig.ENV_HISTORY_TABLE).path("Ref").asText(),
                config.apiKeyTable(), env.path(StoreConfig.ENV_APIKEY_TABLE).path("Ref").asText());
        List<CreateTableRequest> definitions = Tables.definitions(config);
        assertEquals(definitions.size(), ofType("AWS::DynamoDB::Table").size());
        for (CreateTableRequest def : definitions) {
            String logical = logicalByName.get(def.tableName());
            JsonNode t = resources.path(logical);
            assertEquals("AWS::DynamoDB::Table", t.path("Type").asText(), def.tableName() + " -> " + logical);
            JsonNode p = t.path("Properties");
            assertEquals(def.billingModeAsString(), p.path("BillingMode").asText(), logical);
            Map<String, String> attrs = new TreeMap<>();
            p.path("AttributeDefinitions").forEach(a -> attrs.put(a.path("AttributeName").asText(),
                    a.path("AttributeType").asText()));
            Map<String, String> want = new TreeMap<>();
            def.attributeDefinitions().forEach(a -> want.put(a.attributeName(), a.attributeTypeAsString()));
            assertEquals(want, attrs, logical + " AttributeDefinitions");
            assertEquals(keys(def.keySchema()), keys(p.path("KeySchema")), logical + " KeySchema");
            Map<String, String> indexes = new TreeMap<>();
            p.path("GlobalSecondaryIndexes").forEach(i -> indexes.put(i.path("IndexName").asText(),
                    keys(i.path("KeySchema")) + " " + i.path("Projection").path("ProjectionType").asText()));
            Map<String, String> wantIndexes = new TreeMap<>();
            for (GlobalSecondaryIndex i : def.globalSecondaryIndexes()) {
                wantIndexes.put(i.indexName(), keys(i.keySchema()) + " " + i.projection().projectionTypeAsString());
            }
            assertEquals(wantIndexes, indexes, logical + " GlobalSecondaryIndexes");
        }
    }

    private static String keys(List<KeySchemaElement> schema) {
        List<String> out = new ArrayList<>();
        schema.forEach(k -> out.add(k.attributeName() + ":" + k.keyTypeAsString()));
        return out.toString();
    }

    private static String keys(JsonNode schema) {
        List<String> out = new ArrayList<>();
        for (Iterator<JsonNode> it = schema.elements(); it.hasNext();) {
            JsonNode k = it.next();
            out.add(k.path("AttributeName").asText() + ":" + k.path("KeyType").asText());
        }
        return out.toString();
    }
}
