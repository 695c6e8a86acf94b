# The app and its worker in one image. The worker forks benchmark JVMs, so the image carries a
# full JDK; Temurin 25 runs every Lucene release from 9.0 to 10.x.
FROM eclipse-temurin:25-jdk AS build
WORKDIR /src
COPY . .
RUN ./mvnw -B -ntp -DskipTests package

FROM eclipse-temurin:25-jdk
WORKDIR /app
COPY --from=build /src/backend/target/nightbench.jar /app/nightbench.jar
EXPOSE 8080
ENTRYPOINT ["java", "-jar", "/app/nightbench.jar"]
