#!/bin/sh
# Run the sharded job and then its merge on the cluster kubectl points at (Kubernetes has no dependency between
# Jobs: this script is the dependency). Edit SHARDS (with `completions`) and PATIENCE_RUN in shards-job.yaml and
# SHARDS in merge-job.yaml first, and push the image (Dockerfile) where the cluster can pull it.
set -eu
here=$(dirname "$0")
kubectl apply -f "$here/pvc.yaml"
kubectl apply -f "$here/shards-job.yaml"
kubectl wait --for=condition=complete --timeout=-1s job/patience-shards
kubectl apply -f "$here/merge-job.yaml"
kubectl wait --for=condition=complete --timeout=1h job/patience-merge
kubectl logs job/patience-merge
