/**
 * Which Lucene a benchmark runs against: parsing {@link org.nightbench.lucene.LuceneSpec}s and
 * turning them into jars on disk with {@link org.nightbench.lucene.LuceneResolver}: released
 * versions through Maven Resolver, git revisions built by {@link
 * org.nightbench.lucene.GitLuceneBuilder} from one JGit clone, and directories of jars as they are.
 * lucene-codecs (the in-RAM postings formats) is optional: resolved where a release published it,
 * built with git revisions, and simply absent otherwise, which the run notes.
 */
package org.nightbench.lucene;
