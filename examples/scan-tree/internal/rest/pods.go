package rest

import "fmt"

func (c *Client) StopPod(podID string) error {
	path := fmt.Sprintf("/pods/%s/stop", podID)
	return c.Post(path, nil)
}

func (c *Client) ScaleEndpoint(endpointID string, req map[string]any) error {
	return c.Patch("/endpoints/"+endpointID, req)
}
