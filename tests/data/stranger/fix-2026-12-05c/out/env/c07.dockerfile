# distdoctor fix: paste after FROM in the training image's Dockerfile
