package rest

const defaultBaseURL = "https://rest.runpod.io/v1"

type Client struct{ baseURL string }

func New() *Client { return &Client{baseURL: defaultBaseURL} }
