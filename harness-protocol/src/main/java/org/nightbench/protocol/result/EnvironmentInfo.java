package org.nightbench.protocol.result;

import java.util.List;

/**
 * The machine and JVM a measurement ran on, recorded with every run so that a change in any of them
 * can be told apart from a change in Lucene.
 */
public record EnvironmentInfo(
    String hostname,
    String cpuModel,
    int cores,
    long memoryBytes,
    String osName,
    String osVersion,
    String osArch,
    String jdkVendor,
    String jdkVersion,
    String jvmName,
    List<String> jvmFlags) {}
