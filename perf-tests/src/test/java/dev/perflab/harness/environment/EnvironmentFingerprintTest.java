package dev.perflab.harness.environment;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.perflab.harness.report.SummaryTableTest;
import dev.perflab.harness.result.Json;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EnvironmentFingerprintTest {

  @Test
  void survivesResultsJsonAndIgnoresWhatIsCompared() throws Exception {
    EnvironmentRecord env = SummaryTableTest.environment();
    JsonNode written = Json.MAPPER.readTree(Json.MAPPER.writeValueAsString(env));
    EnvironmentFingerprint read = EnvironmentFingerprint.read(written.get("fingerprint"));
    assertThat(read).isEqualTo(env.fingerprint());
    EnvironmentRecord otherCommitAndFramework = new EnvironmentRecord(env.recordedAt(), env.kernel(), env.cpuModel(),
        env.hostCpuCount(), env.hostMemoryBytes(), env.dockerVersion(), env.dockerApiVersion(), env.cgroupVersion(),
        env.cgroupDriver(), env.harnessJdkVersion(), env.imageJdkVersion(), Map.of("Quarkus", "3.37.2"), env.profiles(),
        env.measuredCpuset(), env.harnessCpuset(), env.jvmFlags(), env.aotTrainingLimits(), "fedcba", false, null, null, null);
    assertThat(otherCommitAndFramework.fingerprint().differencesFrom(env.fingerprint())).isEmpty();
  }

  @Test
  void namesEveryFieldThatDiffers() {
    EnvironmentRecord env = SummaryTableTest.environment();
    EnvironmentRecord otherMachine = new EnvironmentRecord(env.recordedAt(), env.kernel(), "EPYC", 4,
        env.hostMemoryBytes(), env.dockerVersion(), env.dockerApiVersion(), env.cgroupVersion(), env.cgroupDriver(),
        env.harnessJdkVersion(), env.imageJdkVersion(), env.frameworkVersions(), env.profiles(), env.measuredCpuset(),
        env.harnessCpuset(), List.of("-Xmx1g"), env.aotTrainingLimits(), env.gitCommit(), env.gitDirty(), null, null, null);
    assertThat(otherMachine.fingerprint().id()).isNotEqualTo(env.fingerprint().id());
    assertThat(otherMachine.fingerprint().differencesFrom(env.fingerprint())).containsExactly(
        "cpuModel: 'Xeon' then, 'EPYC' now", "hostCpuCount: '2' then, '4' now",
        "jvmFlags: '-XX:MaxRAMPercentage=75' then, '-Xmx1g' now");
  }

  @Test
  void aFileWithoutFingerprintDiffersInEveryField() {
    EnvironmentFingerprint none = EnvironmentFingerprint.read(null);
    assertThat(SummaryTableTest.environment().fingerprint().differencesFrom(none))
        .hasSize(SummaryTableTest.environment().fingerprint().fields().size())
        .allSatisfy(difference -> assertThat(difference).contains("not recorded"));
  }

  @Test
  void profilesAreWrittenAsFingerprintsAlwaysWroteThem() {
    // Earlier results.json files carry this text: a change here would refuse every recorded baseline.
    assertThat(SummaryTableTest.environment().fingerprint().fields().get("profiles")).isEqualTo("1cpu (1.0 CPU, 512 MiB)");
  }

  @Test
  void aClusterRunIsNotComparedWithALocalOneAndALocalRunKeepsItsFingerprint() {
    EnvironmentRecord env = SummaryTableTest.environment();
    EnvironmentRecord namedLocal = new EnvironmentRecord(env.recordedAt(), env.kernel(), env.cpuModel(),
        env.hostCpuCount(), env.hostMemoryBytes(), env.dockerVersion(), env.dockerApiVersion(), env.cgroupVersion(),
        env.cgroupDriver(), env.harnessJdkVersion(), env.imageJdkVersion(), env.frameworkVersions(), env.profiles(),
        env.measuredCpuset(), env.harnessCpuset(), env.jvmFlags(), env.aotTrainingLimits(), env.gitCommit(),
        env.gitDirty(), null, "local Docker engine", null);
    EnvironmentRecord cluster = new EnvironmentRecord(env.recordedAt(), env.kernel(), env.cpuModel(),
        env.hostCpuCount(), env.hostMemoryBytes(), env.dockerVersion(), env.dockerApiVersion(), env.cgroupVersion(),
        env.cgroupDriver(), env.harnessJdkVersion(), env.imageJdkVersion(), env.frameworkVersions(), env.profiles(),
        env.measuredCpuset(), env.harnessCpuset(), env.jvmFlags(), env.aotTrainingLimits(), env.gitCommit(),
        env.gitDirty(), null, "Kubernetes (kubeconfig k, its current context)", null);
    assertThat(namedLocal.fingerprint().id()).isEqualTo(env.fingerprint().id());
    assertThat(cluster.fingerprint().differencesFrom(env.fingerprint()))
        .containsExactly("engine: not recorded then, 'Kubernetes (kubeconfig k, its current context)' now");
  }
}
